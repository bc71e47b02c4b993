"""docs/python.md's examples, run in order from the project's folder (the shell block of
its install section aside)."""
import os
import re

from conftest import SOURCE


def test_the_examples_of_docs_python_md_run(capsys):
    text = (SOURCE / "docs/python.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 6
    here = os.getcwd()
    os.chdir(SOURCE)
    try:
        scope = {"__name__": "docs_python"}
        for i, block in enumerate(blocks):
            exec(compile(block, f"docs/python.md block {i + 1}", "exec"), scope)
    finally:
        os.chdir(here)
    out = capsys.readouterr().out
    assert "complete" in out and "games finished" in out
