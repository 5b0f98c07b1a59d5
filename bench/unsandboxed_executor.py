"""An unsandboxed fork-per-sample executor, the kind classic harnesses use. Benchmark only.

WARNING: no isolation at all; it runs whatever it is given as the current user.
bench/sandbox_bench.py feeds it the shipped reference solutions only.

Reads a JSON list of suites on stdin; writes a JSON object with the wall time and one
outcome per suite. Runs under any Python with pytest (the benchmark uses the same
interpreter and pytest version as the runner image), with pytest pre-imported and
one ``fork`` per suite, ``jobs`` at a time.
"""

import base64
import json
import os
import shutil
import signal
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor


def run_one(suite):
    work = tempfile.mkdtemp(prefix="bench-")
    try:
        for name, content in suite["files"].items():
            with open(os.path.join(work, name), "w") as fh:
                fh.write(content)
        report = os.path.join(work, "junit.xml")
        pid = os.fork()
        if pid == 0:
            code = 70
            try:
                os.chdir(work)
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, 1)
                os.dup2(devnull, 2)
                import pytest

                code = int(
                    pytest.main(
                        [
                            os.path.join(work, suite["test_file"]),
                            "-q",
                            "-p",
                            "no:cacheprovider",
                            "--noconftest",
                            "-c",
                            os.devnull,
                            "--rootdir",
                            work,
                            "--junitxml",
                            report,
                            "-o",
                            "junit_family=xunit1",
                        ]
                    )
                )
            finally:
                os._exit(code)
        deadline = time.monotonic() + suite["timeout"]
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return {"exit_code": -9, "timed_out": True, "report": None}
            time.sleep(0.001)
        data = None
        if os.path.exists(report):
            with open(report, "rb") as fh:
                data = base64.b64encode(fh.read()).decode()
        return {"exit_code": os.waitstatus_to_exitcode(status), "timed_out": False, "report": data}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    jobs = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    suites = json.load(sys.stdin)
    os.environ["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    # The same head start the sandbox's supervisor gets: pytest and the modules it
    # imports lazily, loaded once before any fork.
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sandbox"))
    import supervisor

    supervisor._warm_up()
    import pytest

    started = time.monotonic()
    with ThreadPoolExecutor(jobs) as pool:
        outcomes = list(pool.map(run_one, suites))
    wall = time.monotonic() - started
    json.dump({"wall_s": wall, "pytest": pytest.__version__, "outcomes": outcomes}, sys.stdout)


if __name__ == "__main__":
    main()
