// The parent's wait for the supervisor's exit, as an event (a pidfd) rather than a poll.
#define _GNU_SOURCE
#include "CExecSupervisor.h"

#include <errno.h>
#include <poll.h>
#include <sys/syscall.h>
#include <unistd.h>

void tributary_wait_for_exit(pid_t pid, int milliseconds) {
    int process = (int)syscall(SYS_pidfd_open, pid, 0);
    if (process < 0) {  // a kernel before 5.3: a short sleep instead
        usleep((useconds_t)(milliseconds < 10 ? milliseconds : 10) * 1000);
        return;
    }
    struct pollfd exited = {.fd = process, .events = POLLIN, .revents = 0};
    while (poll(&exited, 1, milliseconds) < 0 && errno == EINTR) {}
    close(process);
}
