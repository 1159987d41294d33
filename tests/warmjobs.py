"""Job functions for the WarmExecutor contract, imported by name in the executors' workers.

The file name of a job's path says what the job does: ``ok-*`` is warmed at once, ``slow-*``
after ``settings["sleep"]`` seconds, ``fail-*`` comes back failed, ``crash-*`` kills its worker
process (in the test process itself, where a crash would end the run, it raises instead).
"""

from __future__ import annotations

import os
import threading
import time

from pdfcore.models import WarmJob, WarmOutcome


def job(job: WarmJob) -> WarmOutcome:
    kind = os.path.basename(job.path).split("-")[0]
    if kind == "slow":
        time.sleep(float(str(job.settings.get("sleep", 0.5))))
    if kind == "fail":
        return WarmOutcome(path=job.path, status="failed", error="malformed_pdf", message="not a PDF")
    if kind == "crash":
        if os.getpid() != job.settings.get("test_pid"):
            os._exit(3)
        raise RuntimeError("the worker died")
    return WarmOutcome(path=job.path, status="warmed", pages=1, message=f"{os.getpid()}:{threading.get_ident()}")
