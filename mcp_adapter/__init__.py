"""The MCP stdio server of pdfcore: tool definitions, schemas and error mapping.

The MCP SDK is imported by :mod:`mcp_adapter.server` only, never by this package's import.
"""

#: Marker checked by ``import pdfcore`` so a foreign top-level ``mcp_adapter`` package is detected.
__pdfcore_component__ = "mcp_adapter"
