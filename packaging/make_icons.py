"""Render the app icon for the desktop bundle from ``resources/icons/rrdesk.svg``.

Writes into ``packaging/icons/``:

- ``rrdesk.svg`` (a copy: the scalable icon for Linux desktops, hicolor/scalable/apps),
- ``rrdesk-48.png``, ``rrdesk-128.png``, ``rrdesk-256.png`` (hicolor/NxN/apps),
- ``rrdesk.ico`` (Windows: 16–256 px in one file) and ``rrdesk.icns`` (macOS: 16–1024 px),
  only when Pillow is installed (``pip install pillow``); the committed ones are used otherwise.

Every size is rendered by Qt's own SVG renderer (QtSvg ships with PySide6-Essentials), so the
small sizes are drawn at their size rather than scaled down from a large bitmap.

    python packaging/make_icons.py          # after changing resources/icons/rrdesk.svg
"""
from __future__ import annotations

import io
import os
import shutil
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "resources" / "icons" / "rrdesk.svg"
OUT = ROOT / "packaging" / "icons"
PNG_SIZES = (48, 128, 256)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_SIZES = (16, 32, 64, 128, 256, 512, 1024)


def render(renderer: QSvgRenderer, size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    return bytes(data)


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 (QPainter needs it)
    renderer = QSvgRenderer(str(SOURCE))
    if not renderer.isValid():
        print(f"make_icons: error: {SOURCE}: not a valid SVG", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SOURCE, OUT / "rrdesk.svg")
    for size in PNG_SIZES:
        (OUT / f"rrdesk-{size}.png").write_bytes(png_bytes(render(renderer, size)))
        print(OUT / f"rrdesk-{size}.png")
    try:
        from PIL import Image
    except ImportError:
        print("make_icons: Pillow is not installed; rrdesk.ico and rrdesk.icns were left as they are "
              "(pip install pillow to remake them)")
        return 0
    images = {size: Image.open(io.BytesIO(png_bytes(render(renderer, size)))).convert("RGBA")
              for size in sorted(set(ICO_SIZES) | set(ICNS_SIZES))}
    biggest = max(ICO_SIZES)
    images[biggest].save(OUT / "rrdesk.ico", format="ICO", sizes=[(s, s) for s in ICO_SIZES],
                         append_images=[images[s] for s in ICO_SIZES if s != biggest])
    print(OUT / "rrdesk.ico")
    biggest = max(ICNS_SIZES)
    images[biggest].save(OUT / "rrdesk.icns", format="ICNS",
                         append_images=[images[s] for s in ICNS_SIZES if s != biggest])
    print(OUT / "rrdesk.icns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
