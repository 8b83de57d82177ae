// Finding the supervisor's children without allocating: /proc read with getdents64.
#define _GNU_SOURCE
#include "internal.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/// The number that `text` starts with (its leading decimal digits).
static pid_t decimal(const char *text) {
    pid_t value = 0;
    for (; *text >= '0' && *text <= '9'; text++) value = value * 10 + (*text - '0');
    return value;
}

/// The parent process id in /proc/PID/stat ("pid (comm) state ppid …"), or -1.
static pid_t parent_of(const char *pid_text) {
    char path[64] = "/proc/";
    size_t length = strlen(pid_text);
    if (length > 20) return -1;
    memcpy(path + 6, pid_text, length);
    memcpy(path + 6 + length, "/stat", 6);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    char stat[512];
    ssize_t count = read(fd, stat, sizeof stat - 1);
    close(fd);
    if (count <= 0) return -1;
    stat[count] = '\0';
    char *after_name = strrchr(stat, ')');
    if (after_name == NULL || after_name[1] != ' ' || after_name[2] == '\0') return -1;
    return decimal(after_name + 4);
}

void tributary_kill_children(void) {
    int directory = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (directory < 0) return;
    pid_t self = getpid();
    char entries[4096];
    ssize_t count;
    while ((count = getdents64(directory, entries, sizeof entries)) > 0) {
        for (ssize_t at = 0; at < count;) {
            struct dirent64 *entry = (struct dirent64 *)(entries + at);
            at += entry->d_reclen;
            if (entry->d_name[0] < '1' || entry->d_name[0] > '9') continue;
            if (parent_of(entry->d_name) == self) kill(decimal(entry->d_name), SIGKILL);
        }
    }
    close(directory);
}
