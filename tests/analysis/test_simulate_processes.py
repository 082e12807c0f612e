"""``simulate(executor="processes")`` leaves no worker behind (issue 10): when the process that
made the pool is killed, its workers end by themselves (each watches its parent), and Ctrl-C
stops a run at once instead of waiting for the running chunks (26-81 s before).

Processes are followed by pid and start time (psutil when installed, else /proc), so a pid the
system reuses is not mistaken for a worker; a zombie (exited, not yet reaped) counts as ended.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(
    not (hasattr(os, "getppid") and sys.platform.startswith("linux")),
    reason="POSIX signals and Linux /proc (or psutil) to follow the workers",
)

#: a run far longer than the test: games of Cat Days in chunks of 500 (about 10 s each)
LONG_RUN = ("import catcards; catcards.simulate('cat-days', games=10**8, seed=1, progress=False, "
            "executor='processes')")
#: -X faulthandler: a run that does not stop is made to print every thread's stack (SIGABRT), so
#: a failure says where it hung
CLI_RUN = [sys.executable, "-X", "faulthandler", "-m", "catcards.cli", "simulate", "cat-days", "--games", "100000000",
           "--executor", "processes"]
WORKERS = os.cpu_count() or 1


def _children_by_parent() -> dict[int, list[int]]:
    table: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            table.setdefault(int(fields[1]), []).append(int(entry))
    return table


def _identity(pid: int):
    """(pid, start time) of a running process, or None when it has ended (a zombie has ended)."""
    try:
        import psutil

        try:
            p = psutil.Process(pid)
            return None if p.status() in (psutil.STATUS_ZOMBIE, psutil.STATUS_DEAD) else (pid, p.create_time())
        except psutil.NoSuchProcess:
            return None
    except ImportError:
        try:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return None if fields[0] in ("Z", "X") else (pid, fields[19])  # field 22: start time


def _descendants(pid: int) -> set:
    try:
        import psutil

        pids = [p.pid for p in psutil.Process(pid).children(recursive=True)]
    except ImportError:
        table, pids, todo = _children_by_parent(), [], [pid]
        while todo:
            for child in table.get(todo.pop(), []):
                pids.append(child)
                todo.append(child)
    return {i for i in map(_identity, pids) if i is not None}


def _still_running(identities: set) -> set:
    return {i for i in identities if _identity(i[0]) == i}


def _ctrl_c_as_usual() -> None:
    """In the child, before it starts Python: SIGINT to its default. A shell without job control
    starts a background command (``pytest ... &`` in a script) with SIGINT ignored, a child
    inherits that, and Python then installs no KeyboardInterrupt handler: the tests' Ctrl+C would
    never arrive (a newcomer's run failed so)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(argv: list[str]) -> tuple[subprocess.Popen, set]:
    """Start ``argv`` and wait until its pool has all its workers (and let them start playing)."""
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "MPLBACKEND": "Agg"}, preexec_fn=_ctrl_c_as_usual)
    deadline = time.monotonic() + 120
    workers: set = set()
    while time.monotonic() < deadline and proc.poll() is None:
        workers = _descendants(proc.pid)
        if len(workers) >= WORKERS:
            break
        time.sleep(0.2)
    if len(workers) < WORKERS:
        proc.kill()
        pytest.fail(f"the pool did not start: {proc.communicate()}")
    time.sleep(1.0)  # the workers are inside their first chunk now
    return proc, workers | _descendants(proc.pid)


def _end(proc: subprocess.Popen, workers: set) -> None:
    """Clean up whatever a failed test left running (only the processes this test started)."""
    if proc.poll() is None:
        proc.kill()
        proc.wait()
    for pid, _ in _still_running(workers):
        os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_when_the_parent_is_killed(how):
    proc, workers = _start([sys.executable, "-c", LONG_RUN])
    try:
        assert len(workers) >= WORKERS
        os.kill(proc.pid, how)
        proc.wait(timeout=30)
        assert proc.returncode == -how  # killed, not finished
        deadline = time.monotonic() + 5.0
        while _still_running(workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _still_running(workers) == set(), "workers outlived their parent by 5 s"
    finally:
        _end(proc, workers)


# It failed now and then (stops 23-24: no output 30 s after Ctrl+C; the thread dump showed the
# main thread in future.result()). Two causes, both fixed at stop 25: the signal landing on one of
# the pool's threads (simulate waited without a timeout; see the test below) and, in a pytest
# started in the background from a script, SIGINT ignored from the start (_ctrl_c_as_usual).
def test_ctrl_c_stops_a_process_pool_run_at_once_and_leaves_no_worker():
    proc, workers = _start(CLI_RUN)
    try:
        sent = time.monotonic()
        os.kill(proc.pid, signal.SIGINT)  # what Ctrl+C sends (the workers ignore it; the parent stops them)
        try:
            out, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:  # where is it? faulthandler prints each thread's stack
            os.kill(proc.pid, signal.SIGABRT)
            out, err = proc.communicate(timeout=30)
            pytest.fail(f"Ctrl+C did not stop the run in 30 s; its threads then:\n{err[-6000:]}")
        stopped = time.monotonic() - sent
        assert (proc.returncode, out, err) == (130, "", "catcards: interrupted\n")
        assert stopped < 5.0, f"the run took {stopped:.1f} s to stop"  # a chunk takes ~10 s or more
        assert _still_running(workers) == set()  # terminated before the command returned
    finally:
        _end(proc, workers)


SIGNAL_ON_ANOTHER_THREAD = """
import os, signal, sys, threading, time
from concurrent.futures import ThreadPoolExecutor
import catcards

def slow(state):  # the first game's record takes a minute: a chunk that does not end soon
    time.sleep(60)
    return {}

def interrupt():  # Ctrl+C delivered to this thread, not the main one (the kernel may pick any)
    time.sleep(1.0)
    global sent
    sent = time.monotonic()
    signal.pthread_kill(threading.get_ident(), signal.SIGINT)

threading.Thread(target=interrupt, daemon=True).start()
try:
    catcards.simulate("pairs", games=4, seed=1, record=slow, progress=False, executor=ThreadPoolExecutor(1))
except KeyboardInterrupt:
    print(f"stopped {time.monotonic() - sent:.2f} s after Ctrl+C", flush=True)
    os._exit(0)
print("not stopped", flush=True)
os._exit(1)
"""


def test_ctrl_c_landing_on_another_thread_stops_the_run_at_once():
    """The kernel delivers a process's SIGINT to any of its threads. Landing on one of the
    executor's threads, it used to leave the main thread blocked in ``future.result()`` until the
    chunk ended (the rare Ctrl+C hang of the test above); the parent now waits in short slices, so
    the KeyboardInterrupt is raised within a fraction of a second, whatever thread got the signal."""
    done = subprocess.run([sys.executable, "-c", SIGNAL_ON_ANOTHER_THREAD], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "MPLBACKEND": "Agg"}, preexec_fn=_ctrl_c_as_usual)
    assert done.returncode == 0, (done.stdout, done.stderr[-2000:])
    seconds = float(done.stdout.split()[1])
    assert seconds < 5, done.stdout  # 0.2 s slices; before: 59 s, when the record's sleep ended
