"""Run one suite's pytest session the way a supervisor's child does, in a test subprocess.

``HARNESS`` is the start of a script for ``python -c HARNESS + ..., SANDBOX, BOX_ROOT, ...``:
it imports ``sandbox/supervisor.py`` as ``S`` with its box under BOX_ROOT (a temporary
directory instead of ``/box``: no Docker, no root) and defines ``run_child(files, tests,
in_child)``, which writes ``files`` into the tests box, forks, calls ``in_child()`` in the
child, runs ``S._run_pytest`` over ``tests`` there and returns the exit code, the JUnit
report and the output (times stripped) with what the callable ``in_child`` returned gave
after the session (JSON; None when ``in_child`` returned None). The warm-up is the
caller's to run: some tests look at pytest before it.
"""

HARNESS = r"""
import json, os, re, shutil, sys
sys.path.insert(0, sys.argv[1])
import supervisor as S
S.BOX_ROOT = sys.argv[2]
S.TESTS_BOX = os.path.join(S.BOX_ROOT, "t")
STAMPS = re.compile(r'(time|timestamp|hostname)="[^"]*"| in [0-9.]+s')

def run_child(files, tests, in_child=lambda: None):
    os.mkdir(S.TESTS_BOX)
    for name, text in files.items():
        with open(os.path.join(S.TESTS_BOX, name), "w", encoding="utf-8") as fh:
            fh.write(text)
    found = os.path.join(S.BOX_ROOT, "child.json")
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        os.dup2(w, 1)
        os.dup2(w, 2)
        os.chdir(S.TESTS_BOX)
        sys.stdout = open(1, "w", closefd=False)
        sys.stderr = sys.stdout
        after = in_child()
        code = S._run_pytest(tests, S.TESTS_BOX)
        sys.stdout.flush()
        with open(found, "w") as fh:
            json.dump(after() if after is not None else None, fh)
        os._exit(code)
    os.close(w)
    out = b""
    while True:
        chunk = os.read(r, 65536)
        if not chunk:
            break
        out += chunk
    _, status = os.waitpid(pid, 0)
    with open(os.path.join(S.TESTS_BOX, S.REPORT_NAME)) as fh:
        report = fh.read()
    with open(found) as fh:
        data = json.load(fh)
    os.remove(found)
    shutil.rmtree(S.TESTS_BOX)
    return (os.waitstatus_to_exitcode(status), STAMPS.sub("", report),
            STAMPS.sub("", out.decode()), data)
"""
