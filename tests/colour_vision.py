"""Seeing the page as a player with a colour-vision deficiency would, for
the browser tests: PNG screenshots decoded with zlib (no imaging library), the simulations
of Machado, Oliveira and Fernandes (2009, "A Physiologically-based Model for Simulation of
Color Vision Deficiency", severity 1.0: protanopia, deuteranopia, tritanopia) and a
grayscale, and a perceptual difference between two images (CIE76 ΔE in CIELAB, D65).

    distinct_share(a, b) -> the share of pixels whose colours differ clearly (ΔE > 12)
"""

from __future__ import annotations

import struct
import zlib

import numpy as np

__all__ = [
    "CLEAR_DELTA_E",
    "DISTINCT_SHARE",
    "SIMULATIONS",
    "confusion_partner",
    "decode_png",
    "distinct_share",
    "lab",
    "simulate",
]

#: The simulation matrices of Machado et al. (2009), severity 1.0, on linear RGB.
MACHADO = {
    "protanopia": np.array(
        [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ]
    ),
    "deuteranopia": np.array(
        [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ]
    ),
    "tritanopia": np.array(
        [
            [1.255528, -0.076749, -0.178779],
            [-0.078411, 0.930809, 0.147602],
            [0.004733, 0.691367, 0.303900],
        ]
    ),
}
#: The relative luminance of linear sRGB (ITU-R BT.709): a grayscale keeps only it.
LUMINANCE = np.array([0.2126, 0.7152, 0.0722])
GRAYSCALE = np.tile(LUMINANCE, (3, 1))
#: Every way of seeing the tests check, by name.
SIMULATIONS = {"grayscale": GRAYSCALE, **MACHADO}

#: A colour difference anyone sees at a glance (CIE76; 2.3 is just noticeable).
CLEAR_DELTA_E = 12.0
#: Two renderings are distinct when at least this share of their pixels differs clearly:
#: a mark of a few pixels' width around or on a tile is several per cent of its picture.
DISTINCT_SHARE = 0.01


def _unfilter(raw: bytes, width: int, height: int, channels: int) -> np.ndarray:
    stride = width * channels
    rows = np.zeros((height, stride), dtype=np.int32)
    previous = np.zeros(stride, dtype=np.int32)
    at = 0
    for y in range(height):
        kind = raw[at]
        line = np.frombuffer(raw, dtype=np.uint8, count=stride, offset=at + 1).astype(np.int32)
        at += 1 + stride
        if kind == 0:
            row = line
        elif kind == 2:
            row = (line + previous) & 0xFF
        else:  # Sub, Average and Paeth depend on the byte to the left: byte by byte
            row = np.zeros(stride, dtype=np.int32)
            for x in range(stride):
                left = row[x - channels] if x >= channels else 0
                up = previous[x]
                if kind == 1:
                    value = left
                elif kind == 3:
                    value = (left + up) >> 1
                else:
                    corner = previous[x - channels] if x >= channels else 0
                    estimate = left + up - corner
                    pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                    value = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                row[x] = (line[x] + value) & 0xFF
        rows[y] = row
        previous = row
    return rows.reshape(height, width, channels)


def decode_png(data: bytes) -> np.ndarray:
    """The RGB pixels (height × width × 3, 0..255) of an 8-bit, non-interlaced RGB or RGBA
    PNG such as Chromium's screenshots."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, idat = 8, b""
    width = height = channels = 0
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        body = data[at + 8 : at + 8 + length]
        at += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    pixels = _unfilter(zlib.decompress(idat), width, height, channels)
    return pixels[:, :, :3].astype(np.float64)


def _linear(srgb: np.ndarray) -> np.ndarray:
    c = srgb / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _encoded(linear: np.ndarray) -> np.ndarray:
    c = np.clip(linear, 0.0, 1.0)
    return 255.0 * np.where(c <= 0.0031308, c * 12.92, 1.055 * c ** (1 / 2.4) - 0.055)


def simulate(pixels: np.ndarray, name: str) -> np.ndarray:
    """``pixels`` (sRGB, 0..255) as seen in the simulation ``name``.

    >>> white = np.array([[[255.0, 255.0, 255.0]]])
    >>> [round(float(simulate(white, name).min())) for name in SIMULATIONS]
    [255, 255, 255, 255]
    """
    return _encoded(_linear(pixels) @ SIMULATIONS[name].T)


def lab(pixels: np.ndarray) -> np.ndarray:
    """CIELAB (D65) of sRGB ``pixels``."""
    to_xyz = np.array(
        [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]
    )
    xyz = _linear(pixels) @ to_xyz.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack(
        [116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])],
        axis=-1,
    )


def distinct_share(first: np.ndarray, second: np.ndarray) -> float:
    """The share of pixels whose colours differ clearly (ΔE76 > :data:`CLEAR_DELTA_E`)."""
    assert first.shape == second.shape, (first.shape, second.shape)
    delta = np.linalg.norm(lab(first) - lab(second), axis=-1)
    return float((delta > CLEAR_DELTA_E).mean())


def confusion_partner(srgb: tuple[int, int, int], name: str) -> tuple[int, int, int]:
    """The colour (sRGB) farthest from ``srgb`` for normal vision that the simulation
    ``name`` cannot tell from it (ΔE76 under 2 once simulated): two such colours differ by
    hue alone, as far as that way of seeing goes."""
    steps = np.arange(0, 256, 8, dtype=np.float64)
    grid = np.stack(np.meshgrid(steps, steps, steps, indexing="ij"), axis=-1).reshape(-1, 3)
    target = np.array([srgb], dtype=np.float64)
    seen = np.linalg.norm(lab(simulate(grid, name)) - lab(simulate(target, name)), axis=-1)
    apart = np.linalg.norm(lab(grid) - lab(target), axis=-1)
    best = int(np.argmax(np.where(seen < 2.0, apart, -1.0)))
    assert seen[best] < 2.0, f"no colour {name} confuses with {srgb}"
    return tuple(int(v) for v in grid[best])  # type: ignore[return-value]
