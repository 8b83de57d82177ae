// The program's side of the supervisor's fork: its own process group, default signal
// handling, death with the supervisor, its working directory, then exec (searching PATH
// without a shell).
#define _GNU_SOURCE
#include "internal.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

/// Tries `directory/name` (or `name` in the working directory when `directory` is empty).
static int try_exec(const char *directory, size_t length, const char *name, const struct tributary_launch *launch) {
    char path[PATH_MAX];
    size_t name_length = strlen(name);
    if (length + 1 + name_length + 1 > sizeof path) return ENAMETOOLONG;
    memcpy(path, length == 0 ? "." : directory, length == 0 ? 1 : length);
    size_t at = length == 0 ? 1 : length;
    path[at] = '/';
    memcpy(path + at + 1, name, name_length + 1);
    execve(path, launch->argv, launch->envp);
    return errno;
}

/// Execs the program as posix_spawnp would, but never through a shell on ENOEXEC;
/// returns the errno value that explains why it could not run.
static int exec_searching(const struct tributary_launch *launch) {
    const char *name = launch->argv[0];
    if (strchr(name, '/') != NULL) {
        execve(name, launch->argv, launch->envp);
        return errno;
    }
    const char *search = launch->search_path != NULL ? launch->search_path : "/bin:/usr/bin";
    int denied = 0;
    for (const char *start = search;; ) {
        const char *end = strchrnul(start, ':');
        int failure = try_exec(start, (size_t)(end - start), name, launch);
        if (failure == EACCES) denied = 1;
        else if (failure != ENOENT && failure != ENOTDIR && failure != ENAMETOOLONG) return failure;
        if (*end == '\0') return denied ? EACCES : ENOENT;
        start = end + 1;
    }
}

_Noreturn void tributary_exec_program(const struct tributary_launch *launch, pid_t supervisor) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != supervisor) _exit(127);
    setpgid(0, 0);
    struct sigaction defaults = {0};
    defaults.sa_handler = SIG_DFL;
    for (int signal = 1; signal < NSIG; signal++) sigaction(signal, &defaults, NULL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    int failure = launch->directory != NULL && chdir(launch->directory) != 0 ? errno : exec_searching(launch);
    while (write(TRIBUTARY_REPORT_FD, &failure, sizeof failure) < 0 && errno == EINTR) {}
    _exit(127);
}
