"""The planning plot (Pillow): how long simulated games take, one histogram per rule set and player count."""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

from monopoli_mc.errors import MonopoliError
from monopoli_mc.rules.planning import percentile
from monopoli_mc.view.png import font

WIDTH = 1200
PANEL = 230
TOP = 70
LEFT, RIGHT = 80, 40
BAR = "#3C44AA"
SLOT = "#B02E26"
INK = "#222222"
GRID = "#DDDDDD"


def save_plot(series: list[tuple[str, list[float]]], path: Path, *, slot_minutes: float | None,
              seconds_per_throw: float) -> None:
    """Write the plot; raises MonopoliError when the file cannot be written."""
    try:
        plot(series, slot_minutes=slot_minutes, seconds_per_throw=seconds_per_throw).save(path, format="PNG")
    except OSError as exc:
        raise MonopoliError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None


def plot(series: list[tuple[str, list[float]]], *, slot_minutes: float | None,
         seconds_per_throw: float) -> Image.Image:
    """Histograms of minutes per game on one time axis, the slot a red line across them all."""
    every = sorted(m for _, ms in series for m in ms)
    # The axis ends past the slot and past nearly every game: a game stalled to the round limit
    # would squash the rest into one bar; games beyond the end are counted at the right edge.
    end = max(percentile(every, 97) * 1.15, (slot_minutes or 0) * 1.4, 10.0)
    step = _tick_step(end)
    end = math.ceil(end / step) * step
    width_bins = max(step / 5, 1.0)
    height = TOP + PANEL * len(series) + 60
    image = Image.new("RGB", (WIDTH, height), "#FFFFFF")
    draw = ImageDraw.Draw(image)
    title = f"Minutes per game at {seconds_per_throw:g} s a throw"
    if slot_minutes is not None:
        title += f"; red line: the {slot_minutes:g}-minute slot"
    draw.text((LEFT, 24), title, fill=INK, font=font(26), anchor="ls")

    def x_of(minutes: float) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * minutes / end

    for i, (label, minutes) in enumerate(series):
        top = TOP + i * PANEL
        bottom = top + PANEL - 50
        counts = [0] * int(math.ceil(end / width_bins))
        longer = 0
        for m in minutes:
            if m >= end:
                longer += 1
            else:
                counts[int(m // width_bins)] += 1
        tallest = max(counts) or 1
        for t in range(0, int(end) + 1, int(step)):
            draw.line((x_of(t), top + 10, x_of(t), bottom), fill=GRID)
            draw.text((x_of(t), bottom + 28), str(t), fill=INK, font=font(16), anchor="ms")
        for b, count in enumerate(counts):
            if count:
                h = (bottom - top - 30) * count / tallest
                draw.rectangle((x_of(b * width_bins) + 1, bottom - h, x_of((b + 1) * width_bins) - 1, bottom),
                               fill=BAR)
        draw.line((LEFT, bottom, WIDTH - RIGHT, bottom), fill=INK, width=2)
        ordered = sorted(minutes)
        median, p90 = percentile(ordered, 50), percentile(ordered, 90)
        words = f"{label}: {len(minutes)} games, median {median:.0f} min, 90% within {p90:.0f} min"
        if slot_minutes is not None and minutes:
            share = sum(1 for m in minutes if m <= slot_minutes) / len(minutes)
            words += f", {100 * share:.0f}% end within the slot"
        draw.text((LEFT, top + 22), words, fill=INK, font=font(19), anchor="ls")
        for at in (median, p90):
            if at < end:
                draw.polygon([(x_of(at), bottom + 1), (x_of(at) - 7, bottom + 11), (x_of(at) + 7, bottom + 11)],
                             fill=INK)
        if longer:
            draw.text((WIDTH - RIGHT, top + 44), f"{longer} longer than {end:g} min", fill=SLOT, font=font(16),
                      anchor="rs")
        if slot_minutes is not None:
            draw.line((x_of(slot_minutes), top + 30, x_of(slot_minutes), bottom), fill=SLOT, width=4)
    draw.text((WIDTH // 2, height - 14), "minutes per game (black marks under the axis: the median and the "
              "90th percentile)", fill=INK, font=font(18), anchor="ms")
    return image


def _tick_step(end: float) -> float:
    """A round step that gives at most a dozen ticks."""
    for step in (5, 10, 15, 20, 30, 60, 120, 240, 480):
        if end / step <= 12:
            return float(step)
    return float(math.ceil(end / 12 / 60) * 60)
