// Starting an external plugin under a supervisor process that outlives nothing:
// the plugin, and everything the plugin starts, ends with the supervisor, and the
// supervisor ends with the thread that started it (even when Tributary is SIGKILLed).
#ifndef TRIBUTARY_EXEC_SUPERVISOR_H
#define TRIBUTARY_EXEC_SUPERVISOR_H

#include <sys/types.h>

/// Forks a supervisor that runs `argv[0]` (looked up on `search_path`, colon-separated,
/// when it has no slash) with `argv` and `envp`, its standard input, output and error on
/// `input`, `output` and `error_output`, in a process group of its own, in the working
/// directory `directory` (the caller's own when NULL).
///
/// The supervisor is a child subreaper with a parent-death signal: when the program
/// exits, when the supervisor gets SIGTERM, or when the calling thread or process
/// dies, it SIGKILLs the program's group and every process that was re-parented to it
/// (`setsid`'d grandchildren included), reaps them all, then exits as the program did
/// (same exit status, or same signal). Call this from a thread that lives until the
/// supervisor is reaped: the parent-death signal fires when the calling thread exits.
///
/// Returns the supervisor's process id, or -1 with `*error` set to an errno value when
/// the fork failed, the directory could not be entered or the program could not be
/// executed (ENOENT, EACCES, ENOEXEC…; the supervisor is then already reaped).
pid_t tributary_spawn_supervised(char *const argv[], char *const envp[], const char *search_path,
                                 const char *directory, int input, int output, int error_output, int *error);

/// Returns when the child `pid` has exited (it is left unreaped) or after `milliseconds`,
/// whichever comes first.
void tributary_wait_for_exit(pid_t pid, int milliseconds);

#endif
