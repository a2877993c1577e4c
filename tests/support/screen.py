"""What a Textual app shows, read back from its SVG screenshot as lines of characters."""

from __future__ import annotations

import html
import re
from typing import Any

RUN = re.compile(r'<text class="[^"]*-r\d+" x="([0-9.]+)" y="([0-9.]+)"[^>]*>([^<]*)</text>')


def screen_lines(app: Any) -> list[str]:
    """The screen as its rows of text, each run at its own column (so panes side by side
    stay in their columns)."""
    svg = app.export_screenshot()
    rows: dict[float, dict[int, str]] = {}
    cell = None
    for x, y, text in RUN.findall(svg):
        runs = rows.setdefault(float(y), {})
        runs[round(float(x) * 1000)] = html.unescape(text).replace("\xa0", " ").rstrip("\n")
        cell = cell or (12.2 if "12.2" in svg else None)
    width = 12.2 if cell is None else cell
    lines = []
    for y in sorted(rows):
        line: list[str] = []
        for x1000, text in sorted(rows[y].items()):
            column = round(x1000 / 1000 / width)
            line += [" "] * (column - len(line))
            line[column : column + len(text)] = list(text)
        lines.append("".join(line).rstrip())
    return lines
