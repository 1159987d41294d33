"""Every tool's input and output schema is a valid JSON Schema 2020-12 document (the dialect MCP
2025-11-25 names), as a client lists them: the conformance suite's own check of this needs a
fixture tool (conformance_baseline.yml), so it is made here on pdfcore's tools."""

from __future__ import annotations

from typing import Any

import anyio
import jsonschema
import pytest
from mcp import Client

from mcp_adapter.server import create_server


@pytest.mark.parametrize("profile", ["full", "compact"])
def test_tool_schemas_are_json_schema_2020_12(mcp_core: Any, profile: str) -> None:
    server = create_server(mcp_core, profile=profile)

    async def main() -> list[Any]:
        async with Client(server) as c:
            return list((await c.list_tools()).tools)

    tools = anyio.run(main)
    assert tools
    for tool in tools:
        for schema in (tool.input_schema, tool.output_schema):
            if schema is None:
                continue
            jsonschema.Draft202012Validator.check_schema(schema)
            assert schema.get("$schema", jsonschema.Draft202012Validator.META_SCHEMA["$id"]).startswith(
                "https://json-schema.org/draft/2020-12"
            )
        assert tool.input_schema["type"] == "object"
