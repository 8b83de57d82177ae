// The supervisor: a single-threaded copy of Tributary that only makes async-signal-safe
// calls. It runs the program, waits for its end or for SIGTERM, then ends everything
// the program left behind and exits as the program did.
#define _GNU_SOURCE
#include "internal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/// Puts the program's streams on 0, 1 and 2 and the report pipe on 3; closes the rest
/// (pipes of other plugins included, which would otherwise stay open in this copy).
static void arrange_descriptors(const struct tributary_launch *launch) {
    int moved[4] = {launch->input, launch->output, launch->error_output, launch->report};
    for (int index = 0; index < 4; index++) moved[index] = fcntl(moved[index], F_DUPFD, 10);
    for (int index = 0; index < 4; index++) dup2(moved[index], index);
    fcntl(TRIBUTARY_REPORT_FD, F_SETFD, FD_CLOEXEC);
    if (syscall(SYS_close_range, TRIBUTARY_REPORT_FD + 1, ~0U, 0) == 0) return;
    struct rlimit limit;
    rlim_t last = getrlimit(RLIMIT_NOFILE, &limit) == 0 ? limit.rlim_cur : 1024;
    for (rlim_t fd = TRIBUTARY_REPORT_FD + 1; fd < last; fd++) close((int)fd);
}

/// Waits for the program to exit (left unreaped, so its process group id stays ours)
/// or for a request to stop (SIGTERM, SIGHUP, or the parent-death signal).
static void wait_for_end(pid_t program) {
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGCHLD);
    sigaddset(&wanted, SIGTERM);
    sigaddset(&wanted, SIGHUP);
    for (;;) {
        siginfo_t ended = {0};
        if (waitid(P_PID, (id_t)program, &ended, WEXITED | WNOHANG | WNOWAIT) == 0 && ended.si_pid == program) return;
        int signal = sigwaitinfo(&wanted, NULL);
        if (signal == SIGTERM || signal == SIGHUP) return;
    }
}

/// SIGKILLs the program's group, then every child of ours (orphans re-parent to us as
/// subreaper), until none is left; returns the program's wait status. /proc is read only
/// while children are left, so a program that left nothing behind costs no scan.
static int end_everything(pid_t program) {
    int program_status = SIGKILL;
    kill(-program, SIGKILL);
    for (int options = WNOHANG;;) {
        int status;
        pid_t ended = waitpid(-1, &status, options);
        if (ended < 0 && errno == EINTR) continue;
        if (ended < 0) return program_status;
        if (ended == program) program_status = status;
        if (ended == 0) tributary_kill_children();  // some are still running: end them, then wait
        options = ended == 0 ? 0 : WNOHANG;
    }
}

/// Exits with the program's status, or dies of its signal (without a core dump).
static _Noreturn void exit_like(int status) {
    if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
    int signal = WTERMSIG(status);
    prctl(PR_SET_DUMPABLE, 0);
    struct sigaction defaults = {0};
    defaults.sa_handler = SIG_DFL;
    sigaction(signal, &defaults, NULL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signal);
    sigprocmask(SIG_UNBLOCK, &only, NULL);
    kill(getpid(), signal);
    _exit(128 + signal);
}

_Noreturn void tributary_supervise(const struct tributary_launch *launch, pid_t parent) {
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) _exit(127);
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    struct sigaction defaults = {0};
    defaults.sa_handler = SIG_DFL;
    sigaction(SIGCHLD, &defaults, NULL);  // ignored SIGCHLD would reap children behind our back
    arrange_descriptors(launch);
    pid_t supervisor = getpid();
    // vfork: the program's side only makes system calls until its exec, and this copy of
    // Tributary waits meanwhile; a fork would copy the whole process's page tables again.
    pid_t program = vfork();
    if (program == 0) tributary_exec_program(launch, supervisor);
    if (program < 0) {
        int failure = errno;
        while (write(TRIBUTARY_REPORT_FD, &failure, sizeof failure) < 0 && errno == EINTR) {}
        _exit(127);
    }
    setpgid(program, program);
    for (int fd = 0; fd <= TRIBUTARY_REPORT_FD; fd++) close(fd);
    wait_for_end(program);
    exit_like(end_everything(program));
}
