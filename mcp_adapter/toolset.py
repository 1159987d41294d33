"""A profile's tools, declared cheaply and built on first use: :class:`ToolSet` (the tools
around one Pdfcore and one CallRunner), :class:`LazyToolManager` (the SDK's tool manager over
it), the annotations the tools carry and :func:`fail`, the ``isError`` result of a failed call."""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from mcp.server.mcpserver.tools import Tool, ToolManager
from mcp_types import CallToolResult, TextContent, ToolAnnotations

from mcp_adapter.runner import CallRunner, error_json
from pdfcore.errors import PdfcoreError

if TYPE_CHECKING:
    from pdfcore.api import Pdfcore

__all__ = ["READ_ONLY", "READ_ONLY_OPEN", "LazyToolManager", "ToolSet", "ToolSpec", "fail"]

READ_ONLY = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)
READ_ONLY_OPEN = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=True
)


def fail(exc: PdfcoreError) -> CallToolResult:
    """The ``isError`` result of a failed call: one text block with JSON ``{error, message, recovery}``."""
    return CallToolResult(content=[TextContent(type="text", text=error_json(exc))], is_error=True)


class ToolSpec(NamedTuple):
    fn: Callable[..., Any]
    title: str
    description: str
    #: A key of :data:`mcp_adapter.outputs.SCHEMAS`, a literal schema, or None (text only).
    output: str | dict[str, Any] | None
    annotations: ToolAnnotations


class ToolSet:
    """The tools of a profile around one Pdfcore and one CallRunner: declared cheaply by the
    profile's builder (:meth:`add`), built one by one (:meth:`build`, pydantic argument model
    and JSON Schemas) when first needed. ``schemas``: output schemas by tool name from a current
    catalog, used instead of deriving them from the result classes."""

    def __init__(self, core: Pdfcore, runner: CallRunner, schemas: dict[str, dict[str, Any]] | None = None) -> None:
        self.core = core
        self.runner = runner
        self.specs: dict[str, ToolSpec] = {}
        self.schemas = schemas

    def add(
        self,
        fn: Callable[..., Any],
        *,
        name: str,
        title: str,
        description: str,
        output: str | dict[str, Any] | None,
        annotations: ToolAnnotations = READ_ONLY,
    ) -> None:
        self.specs[name] = ToolSpec(fn, title, description, output, annotations)

    def build(self, name: str) -> Tool:
        spec = self.specs[name]
        tool = Tool.from_function(
            spec.fn, name=name, title=spec.title, description=spec.description, annotations=spec.annotations
        )
        if spec.output is not None:
            tool.fn_metadata.output_schema = self._output_schema(name, spec.output)
        return tool

    def _output_schema(self, name: str, output: str | dict[str, Any]) -> dict[str, Any]:
        if self.schemas is not None and name in self.schemas:
            return copy.deepcopy(self.schemas[name])
        if isinstance(output, dict):
            return copy.deepcopy(output)
        from mcp_adapter.outputs import output_schema

        return output_schema(output)

    def build_all(self) -> list[Tool]:
        return [self.build(name) for name in self.specs]

    async def call(self, fn: Callable[[], Any], *, heavy: bool = True) -> Any:
        return await self.runner.run(fn, heavy=heavy)

    async def answer(
        self, fn: Callable[[], Any], reply: Callable[[Any], CallToolResult], *, heavy: bool = True
    ) -> CallToolResult:
        """A tool's answer: ``fn`` run by :meth:`call`, its result given to ``reply``; a
        PdfcoreError it raises is the ``isError`` result (:func:`fail`)."""
        try:
            res = await self.call(fn, heavy=heavy)
        except PdfcoreError as exc:
            return fail(exc)
        return reply(res)


class LazyToolManager(ToolManager):
    """A ToolManager whose tools are built on first use, one at a time (a call builds only the
    tool it calls: about 6 ms, instead of 0.1 s for all of them)."""

    def __init__(self, toolset: ToolSet) -> None:
        super().__init__()
        self._toolset = toolset
        self._built: dict[str, Tool] = {}
        self._lock = threading.Lock()

    def get_tool(self, name: str) -> Tool | None:
        tool = self._built.get(name)
        if tool is None and name in self._toolset.specs:
            with self._lock:
                tool = self._built.get(name)
                if tool is None:
                    tool = self._built[name] = self._toolset.build(name)
        return tool

    def list_tools(self) -> list[Tool]:
        return [t for name in self._toolset.specs if (t := self.get_tool(name)) is not None]

    @property
    def built(self) -> list[str]:
        return list(self._built)
