"""JSON with positions, for patching config files byte for byte: a value tree that knows where
each object closes, and insertion of members that keeps the file's layout (indentation,
separators, everything else untouched)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field


@dataclass
class JObject:
    start: int                    # offset of `{`
    end: int = 0                  # offset of `}`
    members: dict[str, JValue] = field(default_factory=dict)
    member_starts: list[int] = field(default_factory=list)   # offset of each key's `"`
    last_value_end: int = 0       # offset after the last member's value
    colon: str = ": "             # the first member's text between key and value


@dataclass
class JArray:
    start: int
    items: list[JValue] = field(default_factory=list)


@dataclass
class JScalar:
    value: object


JValue = JObject | JArray | JScalar


class _Scanner:
    def __init__(self, s: str):
        self.s, self.i = s, 0
        self.dec = json.JSONDecoder()

    def ws(self) -> None:
        s, n = self.s, len(self.s)
        while self.i < n and s[self.i] in " \t\r\n":
            self.i += 1

    def value(self, depth: int = 0) -> JValue:
        if depth > 200:
            raise ValueError("nested too deeply")
        self.ws()
        c = self.s[self.i:self.i + 1]
        if c == "{":
            obj = JObject(self.i)
            self.i += 1
            self.ws()
            if self.s[self.i:self.i + 1] == "}":
                obj.end = self.i
                self.i += 1
                return obj
            while True:
                self.ws()
                obj.member_starts.append(self.i)
                key, self.i = self.dec.raw_decode(self.s, self.i)
                if not isinstance(key, str):
                    raise ValueError("object key is not a string")
                self.ws()
                if self.s[self.i:self.i + 1] != ":":
                    raise ValueError("expected `:`")
                self.i += 1
                v_start = self.i
                while v_start < len(self.s) and self.s[v_start] in " \t\r\n":
                    v_start += 1
                if len(obj.members) == 0:
                    key_end = self.dec.raw_decode(self.s, obj.member_starts[-1])[1]
                    obj.colon = self.s[key_end:v_start]
                obj.members[key] = self.value(depth + 1)
                obj.last_value_end = self.i
                self.ws()
                c = self.s[self.i:self.i + 1]
                self.i += 1
                if c == "}":
                    obj.end = self.i - 1
                    return obj
                if c != ",":
                    raise ValueError("expected `,` or `}`")
        if c == "[":
            arr = JArray(self.i)
            self.i += 1
            self.ws()
            if self.s[self.i:self.i + 1] == "]":
                self.i += 1
                return arr
            while True:
                arr.items.append(self.value(depth + 1))
                self.ws()
                c = self.s[self.i:self.i + 1]
                self.i += 1
                if c == "]":
                    return arr
                if c != ",":
                    raise ValueError("expected `,` or `]`")
        v, self.i = self.dec.raw_decode(self.s, self.i)
        return JScalar(v)


def parse(s: str) -> JValue:
    """The value tree of a JSON text (ValueError if it is not one JSON value)."""
    sc = _Scanner(s)
    try:
        v = sc.value()
    except (json.JSONDecodeError, IndexError) as e:
        raise ValueError(str(e)) from None
    sc.ws()
    if sc.i != len(s):
        raise ValueError("extra data after the JSON value")
    return v


def insertion(s: str, obj: JObject, members: list[tuple[str, object]]) -> tuple[int, str]:
    """(offset, text) that adds `members` at the end of `obj`, laid out like its other members."""
    colon = obj.colon if "\n" not in obj.colon else ": "

    def render(k: str, v: object) -> str:
        return json.dumps(k, ensure_ascii=False) + colon + json.dumps(v, ensure_ascii=False)

    if obj.member_starts:
        first = obj.member_starts[0]
        lead = s[obj.start + 1:first]          # what separates `{` from the first key
        if "\n" in lead:
            sep = "," + lead
        else:
            sep = ", " if len(obj.member_starts) < 2 or s[obj.member_starts[1] - 1] == " " else ","
        return obj.last_value_end, "".join(sep + render(k, v) for k, v in members)
    body = ", ".join(render(k, v) for k, v in members)
    return obj.start + 1, body
