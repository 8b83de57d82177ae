// What the three parts of the supervisor share; see CExecSupervisor.h.
#ifndef TRIBUTARY_EXEC_SUPERVISOR_INTERNAL_H
#define TRIBUTARY_EXEC_SUPERVISOR_INTERNAL_H

#include <sys/types.h>

/// The descriptor, in the supervisor and the program before its exec, on which an exec
/// failure is reported as an errno value (close-on-exec: a successful exec closes it).
#define TRIBUTARY_REPORT_FD 3

/// What to run and where its standard streams go.
struct tributary_launch {
    char *const *argv;
    char *const *envp;
    const char *search_path;
    /// The program's working directory; NULL keeps the caller's.
    const char *directory;
    int input, output, error_output, report;
};

/// The supervisor: runs in the child of the fork, never returns (supervise.c).
_Noreturn void tributary_supervise(const struct tributary_launch *launch, pid_t parent);

/// The program's side of the second fork: resets signals, execs (exec.c).
_Noreturn void tributary_exec_program(const struct tributary_launch *launch, pid_t supervisor);

/// SIGKILLs every process whose parent is the caller (reaping.c).
void tributary_kill_children(void);

#endif
