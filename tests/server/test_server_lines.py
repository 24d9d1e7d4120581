"""Line splitting of hostile input, without a network: any bytes, any chunking."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from server.wire.lines import MAX_MARKS, LineSplitter, clean, typed

LIMIT = 16


def split(data: bytes, cuts: list[int], limit: int = LIMIT) -> list[tuple[str, bool, bool]]:
    splitter, out, start = LineSplitter(limit), [], 0
    for cut in sorted(c % (len(data) + 1) for c in cuts) + [len(data)]:
        out += [(line.text, line.too_long, line.invalid_utf8) for line in splitter.feed(data[start:cut])]
        start = max(start, cut)
    return out


@given(st.binary(max_size=300), st.lists(st.integers(min_value=0), max_size=10))
def test_chunking_never_changes_the_lines(data: bytes, cuts: list[int]) -> None:
    assert split(data, cuts) == split(data, [])


@given(st.binary(max_size=300))
def test_lines_are_bounded_and_clean(data: bytes) -> None:
    for text, _, _ in split(data, []):
        assert len(text.encode()) <= LIMIT * 3  # a replaced bad byte may widen to U+FFFD
        assert not any(ch in text for ch in "\r\n\x00\x1b\x7f")


def test_every_line_ending_convention() -> None:
    assert [t for t, *_ in split(b"a\r\nb\nc\r\x00d\re\r\n", [])] == ["a", "b", "c", "d", "e"]


def test_too_long_lines_are_flagged_and_cut_on_a_character_boundary() -> None:
    assert split("é".encode() * 20 + b"\nok\n", []) == [("é" * 8, True, False), ("ok", False, False)]


def test_invalid_utf8_is_flagged_and_replaced() -> None:
    assert split(b"caf\xe9\n", []) == [("caf\ufffd", False, True)]


def test_combining_marks_are_kept_a_few_to_a_character() -> None:
    """Zalgo text (hundreds of marks on one letter, drawn over the lines around it) is cut to a few marks a
    character; the marks of real scripts stay."""
    acute, tilde = "\u0301", "\u0303"
    assert clean("e" + acute * 300 + "x" + tilde * 300) == "e" + acute * MAX_MARKS + "x" + tilde * MAX_MARKS
    for word in ("Tie\u0302\u0301ng Vie\u0323\u0302t", "हिन्दी", "ক্ষ্মী", "naïve café"):
        assert clean(word) == word
    assert clean("\u0301" * 9 + "a") == "\u0301" * MAX_MARKS + "a"  # marks with nothing under them too


@given(st.binary(max_size=300), st.integers(min_value=0, max_value=300))
def test_lines_handed_back_split_into_the_same_commands(data: bytes, cut: int) -> None:
    """A reload hands the lines read and not run, and the start of the next, back as bytes (``typed``, ``rest``):
    split again with what followed, they are the same commands (a line too long is refused again, not run cut short).
    (A line with bad bytes comes back with them replaced, three bytes each: near the limit, it may then be too long.)"""
    first = LineSplitter(LIMIT)
    lines = first.feed(data[:cut]) if data[:cut] else []
    again = LineSplitter(LIMIT).feed(b"".join(typed(line, LIMIT) for line in lines) + first.rest() + data[cut:])
    whole = LineSplitter(LIMIT).feed(data) if data else []
    assume(not any(line.invalid_utf8 for line in whole))
    assert [(line.text, line.too_long) for line in again] == [(line.text, line.too_long) for line in whole]
