"""Turning what a caller typed (a path or an https:// URL) into a DocumentSource.

Order of checks for a local path, chosen so errors cannot be used to map the disk:

1. syntax (a non-empty string without NUL bytes);
2. policy, before touching the file: resolve under the first root when relative, expand
   symlinks, then the root sandbox and the allow/deny globs (deny wins) -> ``path_outside_root``;
3. existence -> ``file_not_found``; a regular file -> ``not_a_file``;
4. the ``.pdf`` extension -> ``unsupported_extension``; the size cap -> ``file_too_large``.

Messages show paths relative to a root, never a path outside the allowed roots.
"""

from __future__ import annotations

import fnmatch
import hashlib
import logging
import os
import stat
import threading
from collections import OrderedDict
from pathlib import Path

from attrs import frozen

from pdfcore import telemetry
from pdfcore.config import PathsSettings, UrlsSettings
from pdfcore.errors import (
    FileChanged,
    FileNotFound,
    FileTooLarge,
    InvalidArgument,
    NotAFile,
    PathOutsideRoot,
    UnsupportedExtension,
    UrlDenied,
)
from pdfcore.models import DocumentSource, Fingerprint
from ports.fetcher import Fetcher
from ports.store import Store

log = logging.getLogger(__name__)

_HASH_CHUNK = 1 << 20
#: (path, size, mtime) -> digest pairs kept in memory (about 200 bytes each).
MAX_REMEMBERED_DIGESTS = 16_384


@frozen
class PathPolicy:
    roots: tuple[str, ...]
    allow: tuple[str, ...]
    deny: tuple[str, ...]

    @classmethod
    def from_settings(cls, s: PathsSettings) -> PathPolicy:
        roots = tuple(os.path.realpath(os.path.expanduser(r)) for r in s.roots)
        return cls(roots=roots, allow=_globs(s.allow), deny=_globs(s.deny))

    def resolve(self, user_path: str) -> str:
        """The real path for ``user_path`` if the policy allows it; never touches the file's content."""
        if not isinstance(user_path, str) or not user_path.strip():
            raise InvalidArgument("path must be a non-empty string.")
        if "\x00" in user_path:
            raise InvalidArgument("path contains a NUL byte.")
        expanded = os.path.expanduser(user_path.strip())
        if not os.path.isabs(expanded):
            base = self.roots[0] if self.roots else os.getcwd()
            expanded = os.path.join(base, expanded)
        return self.admit(os.path.realpath(expanded))

    def admit(self, real: str) -> str:
        """``real`` (already a real path: absolute, no links) if the roots and the allow/deny
        rules admit it."""
        if self.roots and not any(_inside(real, r) for r in self.roots):
            raise PathOutsideRoot(
                "The path resolves outside the allowed roots (after expanding '..' and symbolic links)."
            )
        if any(_glob(real, g) for g in self.deny):
            raise PathOutsideRoot("The path is denied by the configuration's [paths] deny rules.")
        if self.allow and not any(_glob(real, g) for g in self.allow):
            raise PathOutsideRoot("The path is not allowed by the configuration's [paths] allow rules.")
        return real

    def display(self, real: str) -> str:
        """How a resolved path is shown: relative to its root when roots are configured."""
        for r in self.roots:
            if _inside(real, r):
                rel = os.path.relpath(real, r)
                return rel if len(self.roots) == 1 else os.path.join(os.path.basename(r), rel)
        return real


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def _globs(patterns: tuple[str, ...]) -> tuple[str, ...]:
    """Each pattern as written and, when its leading folders go through a symbolic link, also with
    those folders resolved: paths are matched after symlink expansion, so a rule written through
    a link (``/tmp/...`` on macOS, a linked home folder) must be too, or it would never match."""
    out: list[str] = []
    for raw in patterns:
        pattern = os.path.expanduser(raw)
        out.append(pattern)
        parts = pattern.split(os.sep)
        literal = next((i for i, part in enumerate(parts) if any(c in part for c in "*?[")), len(parts))
        prefix = os.sep.join(parts[:literal])
        if os.path.isabs(pattern) and prefix:
            out.append(os.path.join(os.path.realpath(prefix), *parts[literal:]))
    return tuple(dict.fromkeys(out))


def _glob(path: str, pattern: str) -> bool:
    # '*' crosses separators (fnmatch semantics); a pattern ending in '/**' also matches the folder.
    return fnmatch.fnmatchcase(path, pattern) or (pattern.endswith("/**") and path == pattern[:-3])


def sha256_file(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(_HASH_CHUNK):
            h.update(chunk)
    return h.hexdigest()


class SourceResolver:
    """Resolves paths and URLs to DocumentSources, with a digest fast path (size + mtime)."""

    def __init__(
        self,
        policy: PathPolicy,
        *,
        max_file_bytes: int,
        store: Store | None,
        fetcher: Fetcher | None,
        urls: UrlsSettings,
        download_dir: str,
    ) -> None:
        self.policy = policy
        self.max_file_bytes = max_file_bytes
        self.store = store
        self.fetcher = fetcher
        self.urls = urls
        self.download_dir = download_dir
        self._digests: OrderedDict[tuple[str, int, int], str] = OrderedDict()
        self._lock = threading.Lock()

    def resolve(self, user_path: str, password: str | None = None) -> DocumentSource:
        with telemetry.phase("resolve"):
            return self._resolve(user_path, password)

    def _resolve(self, user_path: str, password: str | None) -> DocumentSource:
        if isinstance(user_path, str) and "://" in user_path[:16]:
            return self._resolve_url(user_path.strip(), password)
        real = self.policy.resolve(user_path)
        shown = self.policy.display(real)
        try:
            st = os.stat(real)
        except FileNotFoundError:
            raise FileNotFound(f"No file exists at {shown!r}.") from None
        except NotADirectoryError:
            raise FileNotFound(f"No file exists at {shown!r}.") from None
        except PermissionError:
            raise FileNotFound(f"{shown!r} cannot be read (permission denied).") from None
        except OSError as exc:
            raise FileNotFound(f"{shown!r} cannot be read ({exc.strerror}).") from None
        if not stat.S_ISREG(st.st_mode):
            raise NotAFile(f"{shown!r} is not a regular file (a directory or a special file).")
        if not real.lower().endswith(".pdf"):
            raise UnsupportedExtension(f"{shown!r} does not end in .pdf; only PDF files are read.")
        if st.st_size > self.max_file_bytes:
            raise FileTooLarge(
                f"{shown!r} is {st.st_size} bytes, over the {self.max_file_bytes}-byte limit.",
                details={"size_bytes": st.st_size, "limit_bytes": self.max_file_bytes},
            )
        digest = self._digest(real, st.st_size, st.st_mtime_ns)
        return DocumentSource(
            path=real,
            fingerprint=Fingerprint(size=st.st_size, mtime_ns=st.st_mtime_ns, sha256=digest),
            password=password or None,
            display_name=shown,
        )

    def peek(self, user_path: str, *, resolved: bool = False) -> tuple[str, str, int, int, str | None]:
        """(real path, display name, size, mtime_ns, known digest or None) without hashing.

        Applies the same policy and file checks as :meth:`resolve`; the digest is the one
        remembered for this exact size and mtime, if any (an unchanged, already seen file).
        ``resolved=True``: ``user_path`` is known to be a real path (a file found by walking a
        resolved folder without following links), so only the policy's rules are applied.
        """
        real = self.policy.admit(user_path) if resolved else self.policy.resolve(user_path)
        shown = self.policy.display(real)
        try:
            st = os.stat(real)
        except OSError:
            raise FileNotFound(f"No file exists at {shown!r}.") from None
        if not stat.S_ISREG(st.st_mode):
            raise NotAFile(f"{shown!r} is not a regular file.")
        if not real.lower().endswith(".pdf"):
            raise UnsupportedExtension(f"{shown!r} does not end in .pdf.")
        key = (real, st.st_size, st.st_mtime_ns)
        with self._lock:
            digest = self._digests.get(key)
        if digest is None and self.store is not None:
            digest = self.store.recall_path(real, st.st_size, st.st_mtime_ns)
            if digest is not None:
                self._remember(key, digest)
        return real, shown, st.st_size, st.st_mtime_ns, digest

    def _digest(self, real: str, size: int, mtime_ns: int) -> str:
        key = (real, size, mtime_ns)
        with self._lock:
            hit = self._digests.get(key)
            if hit:
                self._digests.move_to_end(key)
                return hit
        digest = self.store.recall_path(real, size, mtime_ns) if self.store else None
        if digest is None:
            try:
                digest = sha256_file(real)
                after = os.stat(real)
            except OSError as exc:
                raise FileNotFound(f"{self.policy.display(real)!r} cannot be read ({exc.strerror}).") from None
            if (after.st_size, after.st_mtime_ns) != (size, mtime_ns):
                # Written to while it was hashed: the digest may belong to neither version.
                raise FileChanged(f"{self.policy.display(real)!r} changed while it was being read.")
            if self.store:
                self.store.remember_path(real, size, mtime_ns, digest)
        self._remember(key, digest)
        return digest

    def _remember(self, key: tuple[str, int, int], digest: str) -> None:
        with self._lock:
            self._digests[key] = digest
            self._digests.move_to_end(key)
            while len(self._digests) > MAX_REMEMBERED_DIGESTS:
                self._digests.popitem(last=False)

    def _resolve_url(self, url: str, password: str | None) -> DocumentSource:
        lowered = url.lower()
        if not lowered.startswith("https://"):
            raise UrlDenied("Only https:// URLs are fetched.")
        if not self.urls.enabled:
            raise UrlDenied("Fetching URLs is disabled by the configuration ([urls] enabled = false).")
        if self.fetcher is None:
            raise UrlDenied("No URL fetcher is configured on this server.")
        fetched = self.fetcher.fetch(url, dest_dir=self.download_dir, max_bytes=self.urls.max_download_bytes)
        st = os.stat(fetched.path)
        return DocumentSource(
            path=fetched.path,
            fingerprint=Fingerprint(size=st.st_size, mtime_ns=st.st_mtime_ns, sha256=fetched.sha256),
            password=password or None,
            display_name=fetched.url,  # credentials in the URL are already stripped
        )


def list_pdfs(folder: str, *, recursive: bool) -> list[str]:
    """Regular files ending in .pdf (any case) under ``folder``, sorted; symlinked folders skipped."""
    out: list[str] = []
    base = Path(folder)
    if recursive:
        for dirpath, dirnames, filenames in os.walk(base, followlinks=False):
            dirnames.sort()
            for name in filenames:
                if name.lower().endswith(".pdf"):
                    out.append(os.path.join(dirpath, name))
    else:
        with os.scandir(base) as it:
            for entry in it:
                if entry.name.lower().endswith(".pdf") and entry.is_file():
                    out.append(entry.path)
    return sorted(out)
