"""What the code before typing (commit f380bb9) said of the hand-written situations in
`situations_accepted_today.json`: shapes stored beside what `generate` draws.

Made with that commit checked out and this folder copied beside it:
`DJANGO_SETTINGS_MODULE=config.settings python -c "import django; django.setup();
exec(open('tests/quizzes/data/make_situations_accepted_today.py').read())"`, which
rewrites each entry's answers from its "kind" and "situation".
"""

import json
from pathlib import Path

from quizzes.kinds import KINDS
from tests.quizzes.data.make_situations_today import seen

PATH = Path("tests/quizzes/data/situations_accepted_today.json")

if __name__ == "__main__":
    samples = [(row["kind"], row["situation"]) for row in json.loads(PATH.read_text())]
    rows = [{"kind": k, "situation": s, **seen(KINDS[k], s)} for k, s in samples]
    PATH.write_text(json.dumps(rows, indent=1, default=str) + "\n")
