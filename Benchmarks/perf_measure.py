"""Measuring for Benchmarks/perf.py: one command's wall time, CPU time and peak memory,
the machine it runs on, and the table the benchmark prints."""
import os, re, resource, statistics, subprocess, sys, time


class Measured:
    """One run of a command: wall seconds, CPU seconds (user + sys) and peak RSS in MB."""

    def __init__(self, wall, cpu, rss):
        self.wall, self.cpu, self.rss = wall, cpu, rss


def timed(work, command, stdin=None, stdout=os.devnull, env=None):
    """Runs `command` under /usr/bin/time -v, which reports its CPU time and peak RSS."""
    report = os.path.join(work, "time.txt")
    started = time.monotonic()
    with open(stdin or os.devnull, "rb") as source, open(stdout, "wb") as sink:
        subprocess.run(["/usr/bin/time", "-v", "-o", report] + command, stdin=source, stdout=sink,
                       stderr=subprocess.DEVNULL, check=False, env=env)
    wall = time.monotonic() - started
    text = open(report).read()
    field = lambda name: float(re.search(re.escape(name) + r": ([\d.]+)", text).group(1))
    cpu = field("User time (seconds)") + field("System time (seconds)")
    return Measured(wall, cpu, field("Maximum resident set size (kbytes)") / 1024)


def quick_run(command, stdin=None, cwd=None):
    """Wall and CPU seconds (user + sys, from the kernel's account of finished children) of a
    short command run directly (no /usr/bin/time in between); its exit status is not checked
    (a start-up row times the command, whatever its sources' outcome)."""
    with open(stdin or os.devnull, "rb") as source:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.monotonic()
        subprocess.run(command, stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                       cwd=cwd)
        wall = time.monotonic() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        return Measured(wall, cpu, 0)


def best(runs):
    """The fastest run's wall and CPU time and the largest peak memory of all runs."""
    return Measured(min(r.wall for r in runs), min(r.cpu for r in runs), max(r.rss for r in runs))


def median(values):
    return statistics.median(values)


def machine():
    """Cores, CPU model, load and date, printed before the table."""
    model = "unknown CPU"
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    load = " ".join(open("/proc/loadavg").read().split()[:3])
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    return f"machine: {os.cpu_count()} cores, {model}; load average {load}; {stamp}"


class Table:
    """Rows of the benchmark's table, printed with aligned columns."""
    HEADER = ("case", "wall (s)", "cpu (s)", "items/s", "MB/s", "peak MB", "ratio", "notes")

    def __init__(self):
        self.rows = []

    def append(self, row):
        """Keeps a row for the table and shows it at once on standard error (a full run is long)."""
        self.rows.append(row)
        print(" | ".join(row), file=sys.stderr, flush=True)

    def add(self, name, run, megabytes=0, items=0, reference=None, note=""):
        ratio = f"{run.wall / reference.wall:.2f}x" if reference else ""
        if reference and reference.cpu >= 0.05:  # /usr/bin/time counts in hundredths
            note = f"cpu {run.cpu / reference.cpu:.2f}x; " + note
        self.append((name, f"{run.wall:.3f}", f"{run.cpu:.2f}", f"{items / run.wall:,.0f}" if items else "",
                          f"{megabytes / run.wall:.1f}" if megabytes else "", f"{run.rss:.0f}", ratio, note))

    def add_text(self, name, runs, note, reference=None):
        """A row of short runs: the medians of their wall and CPU times, in milliseconds."""
        wall, cpu = median([r.wall for r in runs]), median([r.cpu for r in runs])
        ratio = f"{wall / reference.wall:.2f}x" if reference else ""
        if reference and reference.cpu > 0:
            note = f"cpu {cpu / reference.cpu:.1f}x; " + note
        self.append((name, f"{wall * 1000:.1f} ms", f"{cpu * 1000:.1f} ms", "", "", "", ratio, note))

    def print(self):
        widths = [max(len(str(r[i])) for r in self.rows + [self.HEADER]) for i in range(len(self.HEADER))]
        for line in [self.HEADER] + self.rows:
            print("  ".join(str(cell).ljust(width) for cell, width in zip(line, widths)).rstrip())
        print()
