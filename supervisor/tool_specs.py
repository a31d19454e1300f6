"""The Supervisor tools as neutral specs: name, description and a JSON schema that simple
OpenAI-compatible servers accept, derived from the argument models of ``tool_args``.

Contract: ``tool_specs(names=None)`` → the ten tools (or ``names``, in that order) as
:class:`~supervisor.protocol.ToolSpec`; ``inline_schema(schema)`` → a copy of a pydantic JSON
schema with ``$ref``/``$defs`` inlined and nullable fields folded. Pure; no brain, no transport.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from .protocol import ToolSpec
from .tool_args import TOOL_ARGS


def inline_schema(schema: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a pydantic JSON schema that simple servers accept: ``$ref``/``$defs`` inlined,
    ``title`` noise dropped, and ``anyOf[X, null]`` folded into ``type: [X, "null"]`` where X is a
    plain typed schema (Ollama and llama.cpp grammars handle a type list better than anyOf)."""
    defs = schema.get("$defs", {})

    def walk(node: Any, depth: int = 0) -> Any:
        if depth > 32:  # a recursive model would loop forever; none of ours is, so stop loudly
            raise ValueError("schema nests too deeply to inline")
        if isinstance(node, list):
            return [walk(n, depth + 1) for n in node]
        if not isinstance(node, dict):
            return node
        if "$ref" in node:
            target = walk(copy.deepcopy(defs[node["$ref"].rsplit("/", 1)[-1]]), depth + 1)
            rest = {k: walk(v, depth + 1) for k, v in node.items() if k != "$ref"}
            return {**target, **rest}
        out = {k: walk(v, depth + 1) for k, v in node.items() if k not in ("$defs", "title")}
        # "title" is only dropped as a schema keyword; a property named "title" lives under
        # "properties" and is restored here.
        if "properties" in node:
            out["properties"] = {k: walk(v, depth + 1) for k, v in node["properties"].items()}
        any_of = out.get("anyOf")
        if isinstance(any_of, list) and len(any_of) == 2 and {"type": "null"} in any_of:
            other = next(b for b in any_of if b != {"type": "null"})
            if isinstance(other.get("type"), str) and "anyOf" not in other:
                del out["anyOf"]
                merged = {**other, **out}
                merged["type"] = [other["type"], "null"]
                if isinstance(merged.get("enum"), list) and None not in merged["enum"]:
                    merged["enum"] = [*merged["enum"], None]  # else null would fail the enum
                return merged
        return out

    return walk(dict(schema))


def tool_specs(names: Iterable[str] | None = None) -> tuple[ToolSpec, ...]:
    """ToolSpecs of the Supervisor tools (all ten, or ``names`` in that order) from ``TOOL_ARGS``."""
    chosen = list(TOOL_ARGS) if names is None else list(names)
    specs = []
    for name in chosen:
        schema = inline_schema(TOOL_ARGS[name].model_json_schema())
        description = " ".join(str(schema.pop("description", "")).split())
        specs.append(ToolSpec(name=name, description=description, parameters=schema))
    return tuple(specs)


__all__ = ["inline_schema", "tool_specs"]
