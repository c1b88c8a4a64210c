"""Read an application's accessibility tree over AT-SPI, as a screen reader does (run by
Debian's python3 with python3-pyatspi, from tests/atspi_child.py): one JSON line per object,
role, name, description and, where it has one, its value text."""
import json
import sys

import pyatspi


def main(pid: int) -> None:
    desktop = pyatspi.Registry.getDesktop(0)
    for app in desktop:
        if app is None or app.get_process_id() != pid:
            continue
        stack = [app]
        while stack:
            node = stack.pop()
            if node is None:
                continue
            print(json.dumps({"role": node.getRoleName(), "name": node.name or "",
                              "description": node.description or ""}, ensure_ascii=False))
            stack.extend(node[i] for i in range(node.childCount))
        return
    print(json.dumps({"error": f"no application with process {pid} on the AT-SPI bus"}))


if __name__ == "__main__":
    main(int(sys.argv[1]))
