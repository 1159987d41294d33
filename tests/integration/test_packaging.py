"""The distribution: ``python -m build`` makes a wheel and an sdist without a warning, a fresh
virtual environment installs the wheel (the core only: no torch), and its ``pdfcore-mcp``
answers ``tools/list`` and ``pdf_info`` over stdio and over HTTP; the container image (slim
Python and tesseract) builds and serves, where a container runtime exists; elsewhere the
installed wheel runs with the image's environment and command.

Installing needs the package index (pip's cache makes the second run fast)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO
from tests.mcp.httpserver import INITIALIZE
from tests.pdfgen import simple_document

pytestmark = pytest.mark.slow


def _clean_env(**extra: str) -> dict[str, str]:
    # PYTHONDONTWRITEBYTECODE makes setuptools warn that byte-compiling is disabled: a setting
    # of the machine, not of the package.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PDFCORE_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    build = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(REPO)],
        capture_output=True,
        text=True,
        env=_clean_env(),
        timeout=600,
        check=False,
    )
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    log = build.stdout + build.stderr
    warnings = [line for line in log.splitlines() if "warning" in line.lower()]
    assert not warnings, warnings
    return out


def test_wheel_and_sdist(dist: Path) -> None:
    wheels, sdists = list(dist.glob("pdfcore-*.whl")), list(dist.glob("pdfcore-*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1
    import zipfile

    with zipfile.ZipFile(wheels[0]) as whl:
        names = set(whl.namelist())
        metadata = whl.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "mcp_adapter/tools.json" in names and "pdfcore/py.typed" in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert not any(n.startswith(("tests/", "benchmarks/")) for n in names)
    assert "License-Expression: Apache-2.0" in metadata
    assert "torch" not in metadata.split("Provides-Extra")[0]  # the core requires no torch


@pytest.fixture(scope="module")
def venv(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("venv") / "v"
    subprocess.run([sys.executable, "-m", "venv", str(root)], check=True, timeout=300, env=_clean_env())
    wheel = next(dist.glob("pdfcore-*.whl"))
    install = subprocess.run(
        [str(root / "bin" / "pip"), "install", "-q", "-c", str(REPO / "constraints.txt"), str(wheel)],
        capture_output=True,
        text=True,
        env=_clean_env(),
        timeout=1200,
        check=False,
    )
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    return root


def _server_env(tmp: Path) -> dict[str, str]:
    cfg = tmp / "c.toml"
    cfg.write_text("")
    return _clean_env(PDFCORE_CONFIG=str(cfg), PDFCORE_CACHE_DIR=str(tmp / "cache"))


def test_the_installed_wheel_serves_over_stdio(venv: Path, tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "s.pdf", 2)
    check = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import pdfcore, sys; print(pdfcore.__file__, 'torch' in sys.modules)"],
        capture_output=True,
        text=True,
        env=_server_env(tmp_path),
        cwd=tmp_path,  # not the checkout: the installed package must be the one imported
        timeout=120,
        check=True,
    )
    assert str(venv) in check.stdout and check.stdout.strip().endswith("False")
    messages = [
        INITIALIZE,
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {
            "jsonrpc": "2.0",
            "id": 3,
            "method": "tools/call",
            "params": {"name": "pdf_info", "arguments": {"path": str(pdf)}},
        },
    ]
    proc = subprocess.Popen(
        [str(venv / "bin" / "pdfcore-mcp")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_server_env(tmp_path),
        cwd=tmp_path,
    )
    assert proc.stdin is not None and proc.stdout is not None
    answers = {}
    try:
        for message in messages:
            proc.stdin.write(json.dumps(message) + "\n")
            proc.stdin.flush()
            if "id" in message:
                line = json.loads(proc.stdout.readline())
                answers[line["id"]] = line
    finally:
        proc.stdin.close()
        proc.wait(timeout=60)
    assert "pdf_info" in {t["name"] for t in answers[2]["result"]["tools"]}
    assert answers[3]["result"]["structuredContent"]["page_count"] == 2


def test_the_installed_wheel_serves_over_http(venv: Path, tmp_path: Path) -> None:
    pdf = simple_document(tmp_path / "s.pdf", 3)
    errors = (tmp_path / "stderr.log").open("w+")
    proc = subprocess.Popen(
        [str(venv / "bin" / "pdfcore-mcp"), "--transport", "http", "--port", "0"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=errors,
        env=_server_env(tmp_path),
        cwd=tmp_path,
    )
    try:
        url = ""
        deadline = time.monotonic() + 120
        while not url and time.monotonic() < deadline:
            for line in (tmp_path / "stderr.log").read_text().splitlines():
                if "serving MCP over HTTP at " in line:
                    url = line.split(" at ", 1)[1].split()[0]
            assert proc.poll() is None, (tmp_path / "stderr.log").read_text()
            time.sleep(0.1)
        assert url, (tmp_path / "stderr.log").read_text()
        listed = _post(url, {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": _modern_meta()}, "tools/list")
        assert "pdf_info" in {t["name"] for t in listed["result"]["tools"]}
        call = {"name": "pdf_info", "arguments": {"path": str(pdf)}, **_modern_meta()}
        info = _post(url, {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": call}, "tools/call", "pdf_info")
        assert info["result"]["structuredContent"]["page_count"] == 3
    finally:
        proc.terminate()
        assert proc.wait(timeout=60) == 0
        errors.close()


def _modern_meta() -> dict[str, object]:
    return {
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "0"},
            "io.modelcontextprotocol/clientCapabilities": {},
        }
    }


def _post(
    url: str, message: dict[str, object], method: str, name: str | None = None, extra: dict[str, str] | None = None
) -> dict[str, object]:
    headers = {
        "Content-Type": "application/json",
        "Accept": "application/json, text/event-stream",
        "MCP-Protocol-Version": "2026-07-28",
        "Mcp-Method": method,
        **(extra or {}),
    }
    if name:
        headers["Mcp-Name"] = name
    request = urllib.request.Request(url, data=json.dumps(message).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(request, timeout=120) as response:
        body = response.read().decode()
    if body.lstrip().startswith("{"):
        return json.loads(body)  # type: ignore[no-any-return]
    data = [line[5:] for line in body.splitlines() if line.startswith("data:") and line[5:].strip()]
    return json.loads(data[-1])  # type: ignore[no-any-return]


def _container_runtime() -> str | None:
    for tool in ("docker", "podman"):
        path = shutil.which(tool)
        if path and subprocess.run([path, "info"], capture_output=True, timeout=60, check=False).returncode == 0:
            return path
    return None


@pytest.fixture
def runtime() -> Iterator[str]:
    tool = _container_runtime()
    if tool is None:
        pytest.skip("no container runtime (docker or podman with a running daemon)")
    yield tool


def test_container_image_builds_and_serves(runtime: str, tmp_path: Path) -> None:
    tag = "pdfcore-test:latest"
    build = subprocess.run(
        [runtime, "build", "-t", tag, "-f", str(REPO / "Containerfile"), str(REPO)],
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    token = "container-token-0123456789abcdef"
    run = subprocess.run(
        [runtime, "run", "-d", "--rm", "-p", "127.0.0.1::8765", "-e", f"PDFCORE_HTTP_TOKEN={token}", tag],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    cid = run.stdout.strip()
    try:
        port = subprocess.run([runtime, "port", cid, "8765"], capture_output=True, text=True, check=True).stdout
        base = "http://127.0.0.1:" + port.strip().splitlines()[0].rsplit(":", 1)[1]
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(base + "/healthz", timeout=5) as r:
                    assert json.loads(r.read()) == {"status": "ok"}
                    break
            except OSError:
                assert time.monotonic() < deadline, "the container's server did not answer /healthz"
                time.sleep(1)
        request = urllib.request.Request(
            base + "/mcp",
            data=json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": _modern_meta()}).encode(),
            headers={
                "Content-Type": "application/json",
                "Accept": "application/json, text/event-stream",
                "MCP-Protocol-Version": "2026-07-28",
                "Mcp-Method": "tools/list",
                "Authorization": f"Bearer {token}",
            },
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=60) as r:
            assert b"pdf_info" in r.read()
        tesseract = subprocess.run([runtime, "exec", cid, "tesseract", "--version"], capture_output=True, text=True)
        assert tesseract.returncode == 0
    finally:
        subprocess.run([runtime, "stop", cid], capture_output=True, timeout=120, check=False)


def _containerfile() -> tuple[list[str], dict[str, str], list[str]]:
    """The Containerfile's instructions (continuation lines joined), its ENV and its CMD."""
    text = (REPO / "Containerfile").read_text().replace("\\\n", " ")
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    env: dict[str, str] = {}
    for line in lines:
        if line.startswith("ENV "):
            env.update(item.split("=", 1) for item in line[4:].split())  # type: ignore[misc]
    cmd = json.loads(next(line[4:] for line in lines if line.startswith("CMD ")))
    return lines, env, cmd


def test_the_containerfile_copies_every_package() -> None:
    """The image installs from the packages it copies: every package the wheel holds, and the
    files the build reads."""
    import tomllib

    lines, env, cmd = _containerfile()
    copied = {word.rstrip("/") for line in lines if line.startswith("COPY ") for word in line.split()[1:-1]}
    project = tomllib.loads((REPO / "pyproject.toml").read_text())
    packages = {p.rstrip("*") for p in project["tool"]["setuptools"]["packages"]["find"]["include"]}
    assert packages <= copied, packages - copied
    assert {"pyproject.toml", "constraints.txt", "README.md", "LICENSE"} <= copied
    assert env["PDFCORE_TRANSPORT"] == "http" and cmd == ["pdfcore-mcp"]


def test_the_installed_wheel_runs_as_the_container_configures_it(venv: Path, tmp_path: Path) -> None:
    """The Containerfile's environment on the installed wheel (with the tesseract binding it adds),
    where no container runtime is needed: without a token it refuses to start; with one it
    answers the health check, reads a document under the roots and reports tesseract for OCR."""
    _lines, image_env, cmd = _containerfile()
    install = subprocess.run(
        [str(venv / "bin" / "pip"), "install", "-q", "-c", str(REPO / "constraints.txt"), "pytesseract"],
        capture_output=True,
        text=True,
        env=_clean_env(),
        timeout=600,
        check=False,
    )
    assert install.returncode == 0, install.stderr[-3000:]
    data, cache = tmp_path / "data", tmp_path / "cache"
    data.mkdir()
    simple_document(data / "doc.pdf", 2)
    env = _server_env(tmp_path)
    env.update(image_env)
    env.update(PDFCORE_ROOTS=str(data), PDFCORE_CACHE_DIR=str(cache), PDFCORE_HTTP_PORT="0")  # the volumes
    command = [str(venv / "bin" / cmd[0]), *cmd[1:]]
    refused = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60, check=False)
    assert refused.returncode == 2 and "without a token" in refused.stderr
    token = "container-token-0123456789abcdef"
    errors = (tmp_path / "stderr.log").open("w+")
    proc = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=errors,
        env={**env, "PDFCORE_HTTP_TOKEN": token},
        cwd=tmp_path,
    )
    try:
        port = ""
        deadline = time.monotonic() + 120
        while not port and time.monotonic() < deadline:
            for line in (tmp_path / "stderr.log").read_text().splitlines():
                if "serving MCP over HTTP at http://0.0.0.0:" in line:
                    port = line.split("http://0.0.0.0:", 1)[1].split("/", 1)[0]
            assert proc.poll() is None, (tmp_path / "stderr.log").read_text()
            time.sleep(0.1)
        assert port, (tmp_path / "stderr.log").read_text()
        base = f"http://127.0.0.1:{port}"
        with urllib.request.urlopen(base + "/healthz", timeout=10) as r:
            assert json.loads(r.read()) == {"status": "ok"}
        auth = {"Authorization": f"Bearer {token}"}

        def call(name: str, arguments: dict[str, object]) -> Any:
            params = {"name": name, "arguments": arguments, **_modern_meta()}
            message = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": params}
            return _post(base + "/mcp", message, "tools/call", name, auth)["result"]["structuredContent"]  # type: ignore[index]

        assert call("pdf_info", {"path": "doc.pdf"})["page_count"] == 2  # a relative path, under the root
        ocr = call("server_info", {})["features"]["extraction"]["ocr"]
        assert ocr["available"] and ocr["engine"] == "tesseract"
    finally:
        proc.terminate()
        assert proc.wait(timeout=60) == 0
        errors.close()
