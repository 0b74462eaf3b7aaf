"""The OpenAPI document says exactly what the server answers: :func:`exact_answers` rewrites
the one FastAPI generates.

* An operation that can refuse a value (a JSON body, or a parameter that is not any text)
  lists 422 ``bad_body``, the API's error object, in place of FastAPI's own validation
  error (which this API never sends); one that cannot refuse any value does not list 422.
* A tuple of one type (a pair of positions, ``[x, y, z]``) is written as an array of that
  type with its length, not as ``prefixItems``: the same instances, and the form that
  schemathesis 4 reads in a response (it turns a nested ``prefixItems`` into the old
  ``items: [...]`` and then refuses its own result).

    >>> document = {"paths": {"/a/{n}": {"get": {
    ...     "parameters": [{"name": "n", "in": "path", "schema": {"type": "integer"}}],
    ...     "responses": {"422": {"content": {"application/json": {}}}}}}}}
    >>> answer = exact_answers(document)["paths"]["/a/{n}"]["get"]["responses"]["422"]
    >>> list(answer["content"]["application/json"]["examples"])
    ['bad_body']
    >>> same_type_tuples({"prefixItems": [{"type": "integer"}] * 2, "minItems": 2})
    {'minItems': 2, 'items': {'type': 'integer'}}
"""

from __future__ import annotations

from typing import Any

from .errors import ErrorCode, error_responses

__all__ = ["ERROR_BODY", "can_refuse_a_value", "exact_answers", "same_type_tuples"]

#: The keywords that make a text parameter refusable.
_TEXT_BOUNDS = frozenset({"enum", "const", "minLength", "maxLength", "pattern", "format"})
#: The error object's schema (:class:`.errors.ErrorBody`), which every operation lists.
ERROR_BODY = "#/components/schemas/ErrorBody"
#: FastAPI's own validation error schemas, which no answer of this API uses.
_FASTAPI_ERRORS = ("HTTPValidationError", "ValidationError")


def _any_text(schema: dict[str, Any]) -> bool:
    """Whether a parameter of ``schema`` takes any text (or nothing), so no value of it can
    be refused."""
    choices = schema.get("anyOf", [schema])
    return all(
        choice.get("type") == "null"
        or (choice.get("type") == "string" and not _TEXT_BOUNDS & choice.keys())
        for choice in choices
    )


def can_refuse_a_value(operation: dict[str, Any]) -> bool:
    """Whether the validation of an operation's request can refuse it (422 ``bad_body``):
    it takes a JSON body, or a parameter that is not any text.

    >>> can_refuse_a_value({"parameters": [{"schema": {"type": "string"}}]})
    False
    >>> can_refuse_a_value({"parameters": [{"schema": {"type": "boolean"}}]})
    True
    """
    body = operation.get("requestBody", {}).get("content", {})
    if "application/json" in body:
        return True
    return not all(_any_text(p.get("schema", {})) for p in operation.get("parameters", []))


def same_type_tuples(schema: Any) -> Any:
    """``schema`` with every ``prefixItems`` of one type written as ``items`` (in place)."""
    if isinstance(schema, dict):
        prefix = schema.get("prefixItems")
        if (
            isinstance(prefix, list)
            and prefix
            and "items" not in schema
            and all(item == prefix[0] for item in prefix)
        ):
            del schema["prefixItems"]
            schema["items"] = prefix[0]
        for value in schema.values():
            same_type_tuples(value)
    elif isinstance(schema, list):
        for value in schema:
            same_type_tuples(value)
    return schema


def exact_answers(document: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI ``document``, rewritten in place (see the module) and returned."""
    declared = error_responses(ErrorCode.BAD_BODY)[str(ErrorCode.BAD_BODY.status)]
    bad_body = {key: value for key, value in declared.items() if key != "model"}
    bad_body["content"]["application/json"]["schema"] = {"$ref": ERROR_BODY}
    for item in document.get("paths", {}).values():
        for operation in item.values():
            responses = operation.setdefault("responses", {})
            if can_refuse_a_value(operation):
                responses["422"] = bad_body
            else:
                responses.pop("422", None)
            operation["responses"] = dict(sorted(responses.items()))
    for name in _FASTAPI_ERRORS:
        document.get("components", {}).get("schemas", {}).pop(name, None)
    same_type_tuples(document)
    return document
