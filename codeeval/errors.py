"""The exception tree. Model misbehaviour is never an exception; it is a status on a record.

::

    CodeevalError                 exit 1   (generic)
    ├── UsageError                exit 2   bad flags, or resuming with other settings or inputs
    ├── OutLocked                 exit 11  another run is writing to the same results directory
    ├── InputError                exit 4   the samples cannot be read at all
    │   └── PromptError           exit 10  a prompt file with a missing or wrong key
    ├── EngineError               exit 5   the Docker engine is unreachable or failed
    │   ├── RuntimeMissing        exit 5   the engine lacks the requested OCI runtime (runsc)
    │   ├── ImageMissing          exit 9   the runner image is not built
    │   └── ImageBuildError       exit 9   building the runner image failed
    ├── SandboxError              exit 6   the sandbox itself broke (retried per sample)
    ├── SecurityCheckFailed       exit 7   the pre-flight isolation check failed
    ├── StoreError                exit 8   the results directory cannot be written
    ├── RubricError               exit 20  a rubric file is missing or invalid
    ├── SheetError                exit 21  a filled scoring sheet was rejected (nothing imported)
    ├── SelfJudgingRefused        exit 22  the judge would be the model it judges
    ├── ExtraMissing              exit 23  an optional dependency (pip extra) is not installed
    └── EndpointError             exit 24  the model server failed (after retries)
        ├── EndpointAuthError     exit 25  the server refused the credentials (401/403)
        ├── EndpointUnreachable   exit 26  no connection, or it timed out (after retries)
        └── ModelNotFound         exit 27  the server does not serve that model

Exit 3 means "the run finished, but some input lines were rejected" (malformed lines,
unknown prompt ids, duplicates), each reported with its location. Exit 13 means a suite
scored below one of its gates, exit 12 that a comparison with a baseline found a
regression: the evaluation itself ran in both cases.
"""

from __future__ import annotations


class CodeevalError(Exception):
    """Base of every error codeeval raises on purpose."""

    exit_code = 1
    hint = ""

    def __init__(self, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        if hint is not None:
            self.hint = hint


class UsageError(CodeevalError):
    exit_code = 2


class OutLocked(CodeevalError):
    """Another ``codeeval run`` holds the results directory."""

    exit_code = 11
    hint = (
        "wait for that run to finish, or pass another --out; the lock goes away with "
        "the process that holds it"
    )


class InputError(CodeevalError):
    exit_code = 4
    hint = "check the file named above; nothing already written was changed"


class PromptError(InputError):
    exit_code = 10
    hint = "every prompt file needs at least the keys id, domain and prompt"


class EngineError(CodeevalError):
    exit_code = 5
    hint = (
        "start a Docker engine (e.g. `dockerd --iptables=false --bridge=none &`), "
        "or run with --no-exec"
    )


class RuntimeMissing(EngineError):
    exit_code = 5
    hint = (
        "install gVisor (`apt-get install runsc`) and register it in /etc/docker/daemon.json: "
        '{"runtimes": {"runsc": {"path": "/usr/bin/runsc", "runtimeArgs": '
        '["--network=none", "--platform=ptrace"]}}}, then reload the engine '
        "(`kill -HUP $(pidof dockerd)`); or run without --runtime"
    )


class ImageMissing(EngineError):
    exit_code = 9
    hint = "build it with `codeeval image build`"


class ImageBuildError(EngineError):
    exit_code = 9
    hint = "see the build log above; `codeeval image build --base offline` needs mmdebstrap"


class SandboxError(CodeevalError):
    """The sandbox broke: an infrastructure failure, never a model failure."""

    exit_code = 6


class SecurityCheckFailed(CodeevalError):
    exit_code = 7
    hint = "codeeval refuses to execute model code until every isolation check passes"


class StoreError(CodeevalError):
    exit_code = 8
    hint = "free space or fix permissions in the results directory, then re-run to resume"


class RubricError(CodeevalError):
    exit_code = 20
    hint = "fix the rubric file named above (see the shipped ones in codeeval/rubrics/)"


class SheetError(CodeevalError):
    exit_code = 21
    hint = "correct the line named above and import the sheets again; nothing was imported"


class SelfJudgingRefused(CodeevalError):
    exit_code = 22
    hint = "judge with another model (other weights, not a renamed copy of the judged one)"


class ExtraMissing(CodeevalError):
    exit_code = 23
    hint = "install the extra: pip install 'codeeval[judge]'"


class EndpointError(CodeevalError):
    """The model server could not be used; transient failures were already retried."""

    exit_code = 24
    hint = "check the server's log; finished work is kept, re-run the command to resume"


class EndpointAuthError(EndpointError):
    exit_code = 25
    hint = "set CODEEVAL_API_KEY (or OPENAI_API_KEY) to a key the server accepts"


class EndpointUnreachable(EndpointError):
    exit_code = 26
    hint = "check --base-url (e.g. http://127.0.0.1:8080/v1) and that the server is running"


class ModelNotFound(EndpointError):
    exit_code = 27
    hint = "list the served models with `curl BASE_URL/models` and pass one of them as --model"


EXIT_INPUT_REJECTED = 3
EXIT_INTERRUPTED = 130
EXIT_GATE_FAILED = 13
"""A suite scored below one of its gates (thresholds); the run itself was fine."""
EXIT_REGRESSION = 12
"""A comparison with a baseline found a significant regression beyond the tolerance."""
