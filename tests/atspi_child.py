"""The application side of tests/test_gui_atspi.py, run under Xvfb on a private D-Bus session:
a practice screen with Qt's AT-SPI bridge on, one spin, then Debian's python3 reads this
process's accessibility tree over AT-SPI (tests/atspi_reader.py) and its lines are printed."""
import os
import sys
from pathlib import Path

from PySide6.QtCore import QProcess, QTimer
from PySide6.QtWidgets import QApplication

from rrdesk.core import survey as surveys
from rrdesk.core.wording import words_for
from rrdesk.gui.practice import PracticeScreen
from rrdesk.gui.spinner import path as spin_path

HERE = Path(__file__).parent


def main() -> None:
    app = QApplication(sys.argv)
    spin_path.DURATION_MS = 30
    survey = surveys.load(HERE / "surveys" / "swahili.toml")
    screen = PracticeScreen([survey.question("unhappy")], words_for(survey, "sw"), reduced_motion=False,
                            source=lambda n: bytes(n))  # all zero bytes: the first sector
    screen.resize(900, 600)
    screen.show()

    reader = QProcess()  # why not subprocess.run: this loop must run to answer the reader's questions

    def read() -> None:
        reader.start("/usr/bin/python3", [str(HERE / "atspi_reader.py"), str(os.getpid())])

    def done() -> None:
        sys.stdout.write(bytes(reader.readAllStandardOutput().data()).decode())
        sys.stderr.write(bytes(reader.readAllStandardError().data()).decode())
        app.quit()

    reader.finished.connect(done)

    screen.wheel.finished.connect(lambda: QTimer.singleShot(300, read))
    QTimer.singleShot(500, screen.spin_button.click)
    QTimer.singleShot(90_000, app.quit)
    app.exec()


if __name__ == "__main__":
    main()
