"""Sound from the survey (ODK's ``media::audio``): a large speaker button that plays a question's,
an answer's or one of the respondent's texts' recording (``[wording_audio.LANG]``) on demand, never by itself (the respondent may not be alone: the README says to use
headphones), and the check that each recording plays (decodes), for ``rrdesk check``.

Qt Multimedia comes with PySide6-Addons (``pip install 'rrdesk[audio]'``, 175 MB; the desktop
bundle includes it). Without it :func:`available` is False: no speaker is shown, and
``rrdesk check`` says in one line that it could not try the sounds.

``python -m rrdesk.gui.audio FILE…`` is the check: it decodes each file with Qt's decoder (FFmpeg
inside Qt; no sound card needed) and prints one JSON object, ``{"FILE": "" or the problem}``;
exit 3 when Qt Multimedia is not installed. :mod:`rrdesk.app.check` runs it as a child process,
so a hostile file that crashes or hangs the decoder costs that child only, the decoder's own
messages stay off the user's terminal, and the use cases stay free of Qt.
"""
from __future__ import annotations

import functools
import importlib.util
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QUrl, Slot
from PySide6.QtGui import QIcon, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QPushButton, QSizePolicy, QWidget

from rrdesk.core.wording import Words
from rrdesk.gui.widgets import TOUCH

if TYPE_CHECKING:
    from PySide6.QtMultimedia import QMediaPlayer

#: The speaker's icon, in logical pixels: large enough to find without reading.
ICON = 40
#: The check's exit status when Qt Multimedia is not installed.
EXIT_UNAVAILABLE = 3
#: How long one file may take to decode before it counts as not playing (seconds).
DECODE_SECONDS = 20


@functools.cache
def available() -> bool:
    """Whether Qt Multimedia (PySide6-Addons) is installed (looked up once)."""
    try:
        return importlib.util.find_spec("PySide6.QtMultimedia") is not None
    except (ImportError, ValueError):
        return False


def speaker_icon(side: int = ICON, ratio: float = 2.0) -> QIcon:
    """A speaker with two sound waves, black on clear (drawn, so it needs no icon theme)."""
    picture = QPixmap(round(side * ratio), round(side * ratio))
    picture.setDevicePixelRatio(ratio)
    picture.fill(Qt.GlobalColor.transparent)
    p = QPainter(picture)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    s = side / 40
    body = QPainterPath()
    body.moveTo(4 * s, 15 * s)
    body.lineTo(11 * s, 15 * s)
    body.lineTo(21 * s, 6 * s)
    body.lineTo(21 * s, 34 * s)
    body.lineTo(11 * s, 25 * s)
    body.lineTo(4 * s, 25 * s)
    body.closeSubpath()
    p.fillPath(body, Qt.GlobalColor.black)
    pen = QPen(Qt.GlobalColor.black, 3.2 * s)
    pen.setCapStyle(Qt.PenCapStyle.RoundCap)
    p.setPen(pen)
    for r in (7 * s, 13 * s):  # two arcs to the right of the cone
        p.drawArc(QRectF(QPointF(20 * s - r, 20 * s - r), QSize(round(2 * r), round(2 * r)).toSizeF()),
                  -50 * 16, 100 * 16)
    p.end()
    return QIcon(picture)


class Speaker(QPushButton):
    """Plays ``path`` when tapped, stops it when tapped again; checked while it plays. ``name``
    is what a screen reader says (the word for "listen" and what is heard). The player is made at
    the first tap: a screen that is never listened to loads nothing. A speaker beside words that
    change (a question's hint, the wheel's outcome) follows them with :meth:`set_path`; without
    a path it is hidden."""

    def __init__(self, path: Path | None, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.path = path
        self.setObjectName("speaker")
        self.setProperty("role", "speaker")  # style.qss: round, pale blue, unlike an answer; yellow while it plays
        self.setCheckable(True)
        self.setIcon(speaker_icon())
        self.setIconSize(QSize(ICON, ICON))
        self.setFixedSize(TOUCH, TOUCH)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setAccessibleName(name)
        self.setToolTip(name)
        self.player: QMediaPlayer | None = None  # from the first tap
        self.clicked.connect(self._tapped)
        if path is None:
            self.setVisible(False)

    def set_path(self, path: Path | None, name: str = "") -> None:
        """Play ``path`` from now on (stopping what plays), named ``name``; hidden without one."""
        self.stop()
        self.path = path
        if self.player is not None and path is not None:
            self.player.setSource(QUrl.fromLocalFile(str(path)))
        self.setAccessibleName(name)
        self.setToolTip(name)
        self.setVisible(path is not None)

    @Slot()
    def _tapped(self) -> None:
        if self.path is None:
            self.setChecked(False)
            return
        player = self.player
        if player is None:
            from PySide6.QtMultimedia import QAudioOutput, QMediaPlayer  # why here: a large module

            player = self.player = QMediaPlayer(self)
            player.setAudioOutput(QAudioOutput(player))
            player.setSource(QUrl.fromLocalFile(str(self.path)))
            player.playbackStateChanged.connect(self._state)
            player.errorOccurred.connect(lambda *_: self.setChecked(False))
        if self.isChecked():  # from the start: stop() went back to it, and so does the end
            player.play()  # why no setPosition(0) first: on media not yet loaded it hangs Qt 6.11's FFmpeg player
        else:
            player.stop()

    @Slot(object)
    def _state(self, state: object) -> None:
        from PySide6.QtMultimedia import QMediaPlayer

        self.setChecked(state == QMediaPlayer.PlaybackState.PlayingState)

    def stop(self) -> None:
        """Stop playing (the question is left, or covered)."""
        if self.player is not None:
            self.player.stop()
        self.setChecked(False)


def listen_name(words: Words, text: str) -> str:
    """What a screen reader says for a speaker that reads ``text`` aloud."""
    return f"{words('listen')}: {text}"


def voice(words: Words, name: str) -> Speaker | None:
    """A speaker for the respondent's text ``name`` if the survey voices it in this language
    (``[wording_audio.LANG]``) and Qt Multimedia is installed; else None."""
    path = words.sound(name)
    if path is None or not available():
        return None
    return Speaker(path, listen_name(words, words(name)))


def follower(words: Words) -> Speaker | None:
    """A hidden speaker for words that change (:meth:`Speaker.set_path`), if the survey voices
    any text in this language and Qt Multimedia is installed; else None."""
    if not words.voiced or not available():
        return None
    return Speaker(None, "")


def follow(speaker: Speaker | None, words: Words, name: str | None, text: str = "") -> None:
    """Point ``speaker`` (from :func:`follower`) at the sound of text ``name`` (``text`` as
    shown), or hide it when the survey does not voice it."""
    if speaker is None:
        return
    path = None if name is None else words.sound(name)
    speaker.set_path(path, listen_name(words, text or (words(name) if name else "")) if path else "")


def beside(widget: QWidget, speaker: Speaker | None) -> QWidget:
    """``widget`` with ``speaker`` at its line's end (after it, whatever the direction), in a
    row of their own; ``widget`` itself without a speaker. For words always shown (a hidden
    ``widget`` would leave its row's spacing: use :func:`add_beside`)."""
    if speaker is None:
        return widget
    row = QWidget()
    row.setObjectName("voiced")
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(8)
    layout.addWidget(widget, 1)
    layout.addWidget(speaker, 0, Qt.AlignmentFlag.AlignTop)
    return row


def add_beside(layout: QBoxLayout, widget: QWidget, speaker: Speaker | None) -> None:
    """Add ``widget`` to ``layout`` with ``speaker`` at its line's end, in a row layout of their
    own: while both are hidden the row is empty and takes no room, not even ``layout``'s spacing
    (words shown only at times: a hint, the wheel's outcome, an error)."""
    if speaker is None:
        layout.addWidget(widget)
        return
    row = QHBoxLayout()
    row.setSpacing(8)
    row.addWidget(widget, 1)
    row.addWidget(speaker, 0, Qt.AlignmentFlag.AlignTop)
    layout.addLayout(row)


def voiced(widget: QWidget, words: Words, name: str) -> QWidget:
    """``widget`` (showing text ``name``) with the survey's speaker for it, if any (:func:`beside`)."""
    return beside(widget, voice(words, name))


def stop_all(screen: QWidget) -> None:
    """Stop every speaker on ``screen`` (it is left, or covered)."""
    for speaker in screen.findChildren(Speaker):
        speaker.stop()


def decode_problems(paths: list[Path]) -> dict[str, str]:
    """For each file, "" if Qt's decoder reads sound from it to its end, else why not. Needs a
    Q(Core)Application and Qt Multimedia."""
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtMultimedia import QAudioDecoder

    out = {}
    for path in paths:
        decoder = QAudioDecoder()
        state = {"frames": 0, "error": "", "done": False}
        loop = QEventLoop()

        def ready(decoder: QAudioDecoder = decoder, state: dict = state) -> None:
            state["frames"] += decoder.read().frameCount()

        def failed(_error: object, decoder: QAudioDecoder = decoder, state: dict = state,
                   loop: QEventLoop = loop) -> None:
            state["error"], state["done"] = decoder.errorString() or "it cannot be decoded", True
            loop.quit()

        def finished(state: dict = state, loop: QEventLoop = loop) -> None:
            state["done"] = True
            loop.quit()

        decoder.bufferReady.connect(ready)
        decoder.error.connect(failed)
        decoder.finished.connect(finished)
        decoder.setSource(QUrl.fromLocalFile(str(path.resolve())))
        QTimer.singleShot(DECODE_SECONDS * 1000, loop.quit)
        decoder.start()
        if not state["done"]:  # why: an error may come at once, before the loop runs
            loop.exec()
        decoder.stop()
        if state["error"]:
            out[str(path)] = f"does not play: {state['error']}"
        elif not state["done"]:
            out[str(path)] = f"does not play: not decoded within {DECODE_SECONDS} s"
        elif not state["frames"]:
            out[str(path)] = "does not play: no sound in it"
        else:
            out[str(path)] = ""
        decoder.deleteLater()
    return out


def main(argv: list[str]) -> int:
    """The check as a child process: one JSON object on stdout (see the module's docstring)."""
    from rrdesk.core.hardening import no_core_dumps

    no_core_dumps()  # why: it reads files from outside; a crash leaves no image of its memory
    if not available():
        return EXIT_UNAVAILABLE
    from PySide6.QtCore import QCoreApplication, QLoggingCategory

    QLoggingCategory.setFilterRules("qt.multimedia*=false")  # why: the decoder's own chatter
    app = QCoreApplication.instance() or QCoreApplication([sys.argv[0]])
    print(json.dumps(decode_problems([Path(a) for a in argv])))
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
