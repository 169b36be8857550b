"""Shared fixtures: the standard instances of tools/gen_instances.py (each
file states its count from the literature in an "expect N" comment)."""

import pathlib
import re
import sys

import pytest

TOOLS = pathlib.Path(__file__).resolve().parents[2] / "tools"


@pytest.fixture(scope="session")
def instances(tmp_path_factory):
    """A function: instance name -> (path, expected count)."""
    sys.path.insert(0, str(TOOLS))
    try:
        import gen_instances
    finally:
        sys.path.remove(str(TOOLS))
    folder = tmp_path_factory.mktemp("instances")
    wanted = {}
    for name, comment, (primary, secondary, options) in gen_instances.instances():
        wanted[name[:-4]] = (folder / name, primary, secondary, options, comment)

    def get(name):
        path, primary, secondary, options, comment = wanted[name]
        if not path.exists():
            path.write_text(gen_instances.text(primary, secondary, options, comment))
        text = path.read_text()
        return path, int(re.search(r"expect (\d+)", text).group(1))

    return get
