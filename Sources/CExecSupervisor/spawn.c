// The parent's side: fork the supervisor with every signal blocked, then learn from a
// close-on-exec pipe whether the program's exec succeeded.
#define _GNU_SOURCE
#include "CExecSupervisor.h"
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

/// The errno value the program's side wrote, or 0 when the pipe closed empty (exec succeeded).
static int read_exec_report(int fd) {
    int reported = 0;
    ssize_t count;
    do {
        count = read(fd, &reported, sizeof reported);
    } while (count < 0 && errno == EINTR);
    return count == (ssize_t)sizeof reported ? reported : 0;
}

static void reap(pid_t pid) {
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
}

pid_t tributary_spawn_supervised(char *const argv[], char *const envp[], const char *search_path,
                                 const char *directory, int input, int output, int error_output, int *error) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) {
        *error = errno;
        return -1;
    }
    struct tributary_launch launch = {argv, envp, search_path, directory, input, output, error_output, report[1]};
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);  // no handler of ours may run in the child
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) tributary_supervise(&launch, parent);
    int fork_error = errno;
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    close(report[1]);
    int exec_error = pid < 0 ? fork_error : read_exec_report(report[0]);
    close(report[0]);
    if (exec_error != 0) {
        if (pid > 0) reap(pid);
        *error = exec_error;
        return -1;
    }
    return pid;
}
