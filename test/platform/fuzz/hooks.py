"""Schemathesis hooks for the platform's fuzz test (test/platform/fuzz.test.ts).

Some rules cannot be said by a JSON Schema: a value the server issued (an offer token, a list cursor), a
date that must not be in the past, a field that must come after another, a place that must be in the
search table, a webhook host that must resolve. The OpenAPI documents state each such rule in words in the
field's description and mark the field with `x-rule` (the same words, short). A schema-valid request that
is refused (`ST202`) with `400 bad_request` whose `details` name only such marked fields obeys the
document, so it is not a finding; nor is one refused with the error code a ruled parameter names in
`x-rule-error` (a reused `Idempotency-Key`: `422 idempotency_key_reuse`). Anything else still is. Every
dropped failure is counted in the report.
"""

import ast
import re
import threading

import schemathesis

# CPython before 3.11.8 miscounts the AST constructor's recursion depth when two threads parse at once
# (python/cpython#106905): with two workers, hypothesis describing a filter's lambda (it parses the source)
# ended an operation with "AST constructor recursion depth mismatch". Parsing one at a time avoids it.
_parse = ast.parse
_parse_lock = threading.Lock()


def _parse_one_at_a_time(*args, **kwargs):
    with _parse_lock:
        return _parse(*args, **kwargs)


ast.parse = _parse_one_at_a_time

METHODS = {"get", "put", "post", "delete", "patch", "head", "options"}
_RULED: dict[int, dict[tuple[str, str], list[re.Pattern[str]]]] = {}


def _resolve(doc: dict, node: object) -> object:
    while isinstance(node, dict) and "$ref" in node:
        target: object = doc
        for part in node["$ref"].lstrip("#/").split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]  # type: ignore[index]
        node = target
    return node


def _ruled(doc: dict, node: object) -> bool:
    """`x-rule` on the node itself (beside a `$ref`, as OpenAPI 3.1 allows) or on what it refers to."""
    if isinstance(node, dict) and "x-rule" in node:
        return True
    target = _resolve(doc, node)
    return isinstance(target, dict) and "x-rule" in target


def _body_fields(doc: dict, node: object, prefix: str, out: list[str], depth: int = 0) -> None:
    if prefix and _ruled(doc, node):
        out.append(prefix)
    schema = _resolve(doc, node)
    if not isinstance(schema, dict) or depth > 8:
        return
    for key in ("allOf", "anyOf", "oneOf"):
        for part in schema.get(key, []):
            _body_fields(doc, part, prefix, out, depth + 1)
    for name, sub in schema.get("properties", {}).items():
        _body_fields(doc, sub, f"{prefix}.{name}" if prefix else name, out, depth + 1)
    if "items" in schema:
        _body_fields(doc, schema["items"], f"{prefix}.*" if prefix else "*", out, depth + 1)


def _rule_errors(doc: dict, path: str, method: str) -> set[str]:
    """Error codes a ruled parameter names with `x-rule-error` (a reused Idempotency-Key: 422)."""
    item = doc.get("paths", {}).get(path, {})
    codes: set[str] = set()
    for parameter in [*item.get("parameters", []), *item.get(method.lower(), {}).get("parameters", [])]:
        schema = _resolve(doc, _resolve(doc, parameter).get("schema", {}))
        if isinstance(schema, dict) and "x-rule-error" in schema:
            codes.add(schema["x-rule-error"])
    return codes


def _ruled_fields(doc: dict) -> dict[tuple[str, str], list[re.Pattern[str]]]:
    ruled: dict[tuple[str, str], list[re.Pattern[str]]] = {}
    for path, item in doc.get("paths", {}).items():
        shared = item.get("parameters", [])
        for method, operation in item.items():
            if method not in METHODS:
                continue
            fields: list[str] = []
            for parameter in [*shared, *operation.get("parameters", [])]:
                parameter = _resolve(doc, parameter)
                if _ruled(doc, parameter) or _ruled(doc, parameter.get("schema", {})):
                    fields.append(parameter["name"])
            body = _resolve(doc, operation.get("requestBody", {}))
            media = body.get("content", {}).get("application/json", {}) if isinstance(body, dict) else {}
            _body_fields(doc, media.get("schema", {}), "", fields)
            patterns = [re.compile("^" + re.escape(f).replace(r"\*", r"\d+") + "$") for f in fields]
            ruled[(method.upper(), path)] = patterns
    return ruled


def _error(response) -> dict:
    try:
        error = response.json()["error"]
        return error if isinstance(error, dict) else {}
    except (ValueError, KeyError, TypeError):
        return {}


def _details(response) -> list[str] | None:
    try:
        return [problem["path"] for problem in _error(response)["details"]]
    except (KeyError, TypeError):
        return None


def _names_other_scope(case, response) -> bool:
    """A `404 not_found` for a request that names the tenant scope itself (`tenantId`, which platform staff
    choose): a record created in one tenant is not found in another's scope, by design (docs/access.md,
    "Callers"). The stateful phase reuses a new record's id with a generated `tenantId`."""
    query = getattr(case, "query", None) or {}
    return response.status_code == 404 and _error(response).get("code") == "not_found" and "tenantId" in query


@schemathesis.hook
def filter_failure(context, failure, case, response) -> bool:
    """Keep every failure except a refusal of a schema-valid request that only a ruled field explains, and a
    new record not found in another tenant's scope that the request itself names."""
    if failure.code == "ST302" and response is not None:
        return not _names_other_scope(case, response)
    if failure.code != "ST202" or response is None:
        return True
    operation = case.operation
    doc = operation.schema.raw_schema
    if _error(response).get("code") in _rule_errors(doc, operation.path, operation.method):
        return False
    if response.status_code != 400:
        return True
    ruled = _RULED.setdefault(id(doc), _ruled_fields(doc))
    patterns = ruled.get((operation.method.upper(), operation.path), [])
    paths = _details(response)
    if not paths or not patterns:
        return True
    return not all(any(p.match(path) for p in patterns) for path in paths)
