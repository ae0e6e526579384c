"""The site in French and in Dutch, walked in a real browser: no English sentence is left on
the main pages of each part, and no link on them leads back to the English pages (issue 32).

Four people walk it, in each language, with JavaScript on at desktop size:
- a visitor: the home page, the lessons (every lesson, and one lesson's check with a wrong
  answer and its feedback), the sample rubber and its result, the review quiz, the cheat
  sheet, the bridge-file and hand-record pages with a real file, the sign-up, log-in and
  password-reset pages, and a page that does not exist;
- a learner: practice (a question answered wrong, its feedback), today's set, progress,
  Fill in the sheet, and the score pad (a rubber with a deal, a traveller of two results,
  a pairs session);
- Ms Hart, a teacher: her classes, a class and its overview, a new assignment, a gradebook
  with a handed-in attempt, a worksheet and its answer key, a student's work, her settings
  and password, a live class's start form and its projector; a live class at the tables (a
  Mitchell started from the form, refused first at four tables; the screen with its pairs,
  travellers and standing, a board large, the end and the final travellers; then the class
  overview and a student's page with their pair's result); and a forgotten password (the
  email, the new-password form and its mistake, the password saved, the link used again);
- Ana, her student: her classes, an assignment answered wrong, the live class's phone, and
  the phone at the tables (choosing her pair, her round, a board entered with a mistake then
  right, its traveller and the standing, the class ended; and, in a class where every table
  plays every board, choosing her table).

What each page says is its visible text (document.body.innerText), every folded part
(<details>) opened first, as a reader who opens it reads it. An English sentence is
found by its words: common English words that are no French or Dutch word (ENGLISH), as
whole words. ALLOWED takes out what is rightly English on a French or Dutch page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import expect

from assignments import services as assignment_services
from lessons.course import TOPICS
from live import services as live_services
from live import tables
from live.models import LiveSession, Player
from quizzes.models import Question
from scoring import PlayedDeal
from tests.browser.conftest import expect_page_status
from tests.factories import (
    AssignmentFactory,
    ClassroomFactory,
    MembershipFactory,
    UserFactory,
    right_answer,
    wrong_answer,
)
from tests.live import rooms

pytestmark = pytest.mark.browser

LANGUAGES = ["fr", "nl"]
BRIDGE_FILES = Path(__file__).resolve().parents[3] / "shared" / "bridge-files" / "files"
# Real files: a dealing program's boards for a club night, and one board played on BBO (one
# board, so the hand records' solver is quick).
CLUB_FILE = BRIDGE_FILES / "dealer4_rr2.pbn"
ONE_BOARD = BRIDGE_FILES / "bbo_hand_sample.lin"

# Words an English sentence can hardly do without, and which are neither French nor Dutch
# words ("is", "was", "of", "door" are Dutch; "page", "points", "score", "total" French).
ENGLISH_WORDS = """
    the and you your with this that these what which who when where why how will would should
    could can cannot can't don't isn't it's you're we're there their they them from have has are
    were not yet for into each every any some one two three first next back again here more
    about after before above below only just than then our my its please sign save delete cancel
    hide try answer answers answered wrong right tricks trick deal deals dealer declarer doubled
    redoubled vulnerable undertricks overtricks game games slam honors honours teacher teachers
    students assignment assignments sheet sent send new join joined played board boards lesson
    lessons practice practise progress today ask asked closed handed used
"""
ENGLISH = frozenset(ENGLISH_WORDS.split())
# Rightly English on a French or Dutch page: (pattern, why).
ALLOWED = [
    (r"Above the Line", "the site's name"),
    (r"\bEnglish\b", "the language switcher names English in English"),
    (r"\b[A-Z][A-Za-z]+/[A-Za-z_/+-]+", "time zones by their IANA names (Europe/Paris)"),
    (r"\bDealer4\b|\bBig Deal\b", "dealing programs by their names"),
    (r"[\w-]+\.(?:pbn|lin)\b", "a bridge file by its name (dealer4_rr2.pbn)"),
]


# Links that stay at the same address in every language (config/urls.py).
SAME_IN_EVERY_LANGUAGE = ("/static/", "/admin/", "/healthz", "/favicon.ico")


@dataclass
class Walk:
    """What a walk found: English sentences and links to English pages, by page."""

    language: str
    site: str
    found: dict[str, list[str]] = field(default_factory=dict)

    def url(self, path: str) -> str:
        return f"{self.site}/{self.language}{path}"

    def read(self, page, label: str) -> None:
        """Note the English left on `page` as it is now, and its links to English pages."""
        page.wait_for_load_state()
        # What a folded part says is read too, as a reader who opens it reads it.
        page.eval_on_selector_all(
            "details:not([open])", "folds => folds.forEach(d => d.open = true)"
        )
        path = page.url.removeprefix(self.site)
        where = f"{label} ({path})"
        problems = []
        problems += [f"English: {s!r}" for s in english_sentences(page.inner_text("body"))]
        for href in page.eval_on_selector_all(
            "a[href^='/']", "links => links.map(a => a.getAttribute('href'))"
        ):
            if not href.startswith((f"/{self.language}/", *SAME_IN_EVERY_LANGUAGE)):
                problems.append(f"a link to the English page {href}")
        if problems:
            self.found.setdefault(where, []).extend(dict.fromkeys(problems))

    def read_email(self, email, label: str) -> None:
        """Note the English left in an email sent from a page in the walk's language, and
        its links to English pages. Its lines are wrapped at 76 characters: each paragraph
        is read as one line."""
        text = re.sub(r"(?<=\S)\n(?=\S)", " ", f"{email.subject}\n\n{email.body}")
        problems = [f"English: {s!r}" for s in english_sentences(text)]
        for href in re.findall(r"https?://[^/\s]+(/\S*)", email.body):
            if not href.startswith(f"/{self.language}/"):
                problems.append(f"a link to the English page {href}")
        if problems:
            self.found.setdefault(label, []).extend(dict.fromkeys(problems))

    def go(self, page, path: str, label: str) -> None:
        page.goto(self.url(path))
        self.read(page, label)

    def assert_nothing_found(self) -> None:
        if self.found:
            report = "\n".join(
                f"{where}:\n" + "\n".join(f"    {p}" for p in problems)
                for where, problems in self.found.items()
            )
            pytest.fail(f"English left on the {self.language} pages:\n{report}", pytrace=False)


def english_sentences(text: str) -> list[str]:
    """The lines of `text` that read as English (two or more of ENGLISH, or one in a line of
    at most three words, such as a button's "Save", or one that begins the line, such as
    "The datum:" before a figure's working said in French), once each."""
    for pattern, _why in ALLOWED:
        text = re.sub(pattern, " ", text)
    found = []
    for line in text.splitlines():
        words = re.findall(r"[A-Za-z][A-Za-z']*", line)
        english = [w for w in words if w.lower() in ENGLISH]
        first = re.match(r"\s*([A-Za-z][A-Za-z']*)\b", line)
        begins = first is not None and first[1].lower() in ENGLISH
        if len(english) >= 2 or (english and len(line.split()) <= 3) or begins:
            found.append(line.strip())
    return list(dict.fromkeys(found))


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("Check your email", ["Check your email"]),
        ("Save", ["Save"]),
        ("Vérifiez votre réponse.\nKijk mijn antwoord na", []),
        ("Contrat : 4♥X, 10 levées\nWIJ\tZIJ\nTafel 1: +620", []),
        ("Above the Line enseigne la marque", []),
        ("Fuseau horaire : America/New_York", []),
        ("2 clubs doubled", ["2 clubs doubled"]),
        (
            "The datum: La moyenne des 3 marques est 430.",
            ["The datum: La moyenne des 3 marques est 430."],
        ),
        ("Étui 1 : la feuille ambulante\nTable 1 : 4♠ par N, 10 levées", []),
        ("Bestand : dealer4_rr2.pbn (PBN).\nDealer4, Big Deal, BridgeComposer", []),
    ],
)
def test_the_walk_tells_english_from_french_and_dutch(text, english):
    assert english_sentences(text) == english


def submit(form) -> None:
    """Send `form` with its own button, whatever its words in the page's language."""
    form.locator("button[type=submit]").first.click()


def answer_wrong(page, article) -> None:
    """Answer the question shown in `article` wrong (the engine's answer, changed) and wait
    for its feedback."""
    public_id = article.get_attribute("id").removeprefix("q-")
    question = Question.objects.get(public_id=public_id)
    for name, value in wrong_answer(question).items():
        choice = article.locator(f'input[type=radio][name="{name}"][value="{value}"]')
        if choice.count():
            choice.check()
        else:
            article.locator(f'input[name="{name}"]:not([type=hidden])').fill(value)
    submit(article.locator("form.answer-form"))
    expect(page.locator(f"#q-{public_id} .feedback__verdict")).to_be_visible()


@pytest.fixture(params=LANGUAGES)
def walk(request, live_server):
    yield Walk(request.param, live_server.url)


# -- a visitor ------------------------------------------------------------------------------


def test_a_visitor_reads_the_lessons_and_the_public_pages_in_their_language(walk, new_page):
    page = new_page("desktop")
    walk.go(page, "/", "home")
    walk.go(page, "/lessons/", "the lessons")
    for lesson in TOPICS:
        walk.go(page, lesson.url, f"the lesson {lesson.slug}")

    # A lesson's check: three questions, the first answered wrong.
    walk.go(page, TOPICS[1].url, "a lesson with its check")
    submit(page.locator("#check-yourself form[method=post]"))
    article = page.locator("#check-yourself [data-question-kind]").first
    answer_wrong(page, article)
    walk.read(page, "a lesson's check, answered wrong")

    walk.go(page, "/lessons/sample-rubber/", "the sample rubber")
    walk.go(page, "/lessons/sample-rubber/2/", "a deal of the sample rubber")
    walk.go(page, "/lessons/sample-rubber/result/", "the sample rubber's result")
    walk.go(page, "/lessons/review-quiz/", "the review quiz")
    walk.go(page, "/lessons/review-quiz/1/", "a deal of the review quiz")
    walk.go(page, "/lessons/cheat-sheet/", "the cheat sheet")

    walk.go(page, "/files/", "bridge files")
    upload = page.locator("form[enctype='multipart/form-data']")
    upload.locator("input[type=file]").set_input_files(str(CLUB_FILE))
    submit(upload)
    walk.read(page, "a real bridge file, read")
    walk.go(page, "/hands/", "hand records")
    records = page.locator("form[enctype='multipart/form-data']")
    records.locator("input[type=file]").set_input_files(str(ONE_BOARD))
    submit(records)
    expect(page.locator(".hand-record").first).to_be_visible()
    walk.read(page, "the hand records of a real file")

    for path, label in [
        ("/accounts/signup/", "sign up"),
        ("/accounts/login/", "log in"),
        ("/accounts/password_reset/", "password reset"),
        ("/accounts/password_reset/done/", "password reset sent"),
        ("/teachers/", "for teachers"),
        ("/join/", "join a class"),
        ("/live/join/", "join a live class"),
    ]:
        walk.go(page, path, label)

    expect_page_status(page, 404)
    walk.go(page, "/lessons/no-such-lesson/", "a page that does not exist")
    walk.assert_nothing_found()


# -- a learner ------------------------------------------------------------------------------


def test_a_learner_practises_fills_in_a_sheet_and_keeps_score_in_their_language(
    walk, new_page, monkeypatch
):
    monkeypatch.setattr("secrets.randbits", lambda bits: 20261124)
    page = new_page("desktop")
    walk.go(page, "/practice/", "practice")
    kind_form = page.locator("form", has=page.locator("select[name=kind]"))
    kind_form.locator("select[name=kind]").select_option("duplicate_deal")
    submit(kind_form)
    article = page.locator("[data-question-kind]").first
    walk.read(page, "a practice question")
    answer_wrong(page, article)
    walk.read(page, "a practice question answered wrong")
    walk.go(page, "/practice/today/", "today's set")
    walk.go(page, "/practice/progress/", "progress")

    walk.go(page, "/practice/sheet/", "Fill in the sheet")
    sheet_form = page.locator("form", has=page.locator("input[name=form][value=rubber]"))
    sheet_form.locator("input[name=form][value=rubber]").check()
    submit(sheet_form)
    article = page.locator("#sheet-drill [data-question-kind]")
    expect(article).to_be_visible()
    walk.read(page, "a sheet's first step")

    walk.go(page, "/scorepad/pairs/", "a pairs session")
    walk.go(page, "/scorepad/", "the score pad")
    submit(page.locator("form[action$='/scorepad/']").first)
    deal = page.locator("form", has=page.locator("input[name=tricks]")).first
    deal.locator('input[name="declarer"][value="we"]').check()
    deal.locator("input[name=level]").fill("4")
    deal.locator('input[name="strain"][value="H"]').check()
    deal.locator("input[name=tricks]").fill("9")
    submit(deal)
    expect(page.locator("input[name=tricks]").first).to_be_visible()
    walk.read(page, "a rubber with a deal gone down")

    # A traveller is a GET form: its address holds the results typed.
    results = "table-0-contract=4S&table-0-declarer=N&table-0-tricks=10"
    results += "&table-1-contract=4S&table-1-declarer=N&table-1-tricks=9"
    page.goto(walk.url(f"/scorepad/traveller/?board=5&tables=2&{results}"))
    expect(page.locator('[data-table-row="1"]')).to_be_visible()
    walk.read(page, "a traveller of two results")
    walk.assert_nothing_found()


# -- a teacher and a student -----------------------------------------------------------------


@pytest.fixture
def hart_class():
    """Ms Hart's class: Ana handed in an assignment with its first question wrong."""
    teacher = UserFactory(username="ms-hart")
    classroom = ClassroomFactory(teacher=teacher, name="Bridge 2026")
    ana = MembershipFactory(classroom=classroom, display_name="Ana")
    MembershipFactory(classroom=classroom, display_name="Ben")
    assignment = AssignmentFactory(classroom=classroom, title="Quiz 3", question_count=2)
    attempt = assignment_services.attempt_start(assignment=assignment, membership=ana)
    for item in attempt.items.select_related("question").order_by("position"):
        answer = wrong_answer if item.position == 0 else right_answer
        assignment_services.attempt_answer(item=item, given=_given(item.question, answer))
    assignment_services.attempt_submit(attempt=attempt)
    session = live_services.session_create(
        teacher=teacher,
        title="Quiz 4",
        classroom=classroom,
        kinds=["duplicate_deal"],
        question_count=2,
    )
    return teacher, classroom, ana, assignment, session


def _given(question, answer) -> dict:
    from quizzes.kinds import kind_for

    data = answer(question)
    fields = kind_for(question.kind).fields(question.situation)
    return {f.name: data[f.name] if f.type == "choice" else int(data[f.name]) for f in fields}


def test_a_teacher_runs_her_class_in_her_language(walk, new_page, browser_session, hart_class):
    teacher, classroom, ana, assignment, session = hart_class
    page = new_page("desktop")
    browser_session(page, user=teacher)
    walk.go(page, "/teachers/", "the teacher's classes")
    walk.go(page, f"/teachers/classes/{classroom.public_id}/", "a class")
    walk.go(page, f"/teachers/classes/{classroom.public_id}/assignments/new/", "a new assignment")
    walk.go(page, f"/teachers/assignments/{assignment.public_id}/", "a gradebook")
    walk.go(
        page,
        f"/teachers/assignments/{assignment.public_id}/students/{ana.public_id}/",
        "a student's work",
    )
    for path, label in [
        (f"/teachers/classes/{classroom.public_id}/overview/", "a class's overview"),
        (f"/teachers/assignments/{assignment.public_id}/worksheet/", "a worksheet"),
        (f"/teachers/assignments/{assignment.public_id}/answer-key/", "an answer key"),
        (f"/teachers/assignments/{assignment.public_id}/edit/", "an assignment's settings"),
        ("/teachers/settings/", "the teacher's settings"),
        ("/accounts/password_change/", "changing a password"),
    ]:
        walk.go(page, path, label)
    walk.go(page, "/live/", "live classes")
    walk.go(page, "/live/new/", "a live class's start form")
    walk.go(page, f"/live/s/{session.public_id}/", "the projector, in the lobby")

    phone = new_page("phone")
    browser_session(phone, learner=ana.learner_id)
    walk.go(phone, "/join/classes/", "the student's classes")
    walk.go(phone, "/live/join/", "joining the live class")
    submit(phone.locator("main form").first)  # "Join as Ana"
    expect(phone.locator("#live-phone")).to_be_visible()
    walk.read(phone, "the phone, in the lobby")

    submit(page.locator(f"form[action$='/live/s/{session.public_id}/next/']"))
    expect(phone.locator("#live-phone input[name=answer]")).to_be_visible()
    walk.read(page, "the projector, asking")
    walk.read(phone, "the phone, asked")
    phone.locator("#live-phone input[name=answer]").fill("1")
    submit(phone.locator("#live-phone form"))
    expect(phone.locator("[data-received]")).to_be_visible()
    walk.read(phone, "the phone, answer sent")
    submit(page.locator(f"form[action$='/live/s/{session.public_id}/reveal/']"))
    expect(phone.locator("[data-verdict]")).to_be_visible()
    walk.read(page, "the projector, answer shown")
    walk.read(phone, "the phone, answer marked")
    walk.assert_nothing_found()


def test_a_student_takes_an_assignment_in_her_language(walk, new_page, browser_session):
    classroom = ClassroomFactory(name="Bridge 2026")
    ana = MembershipFactory(classroom=classroom, display_name="Ana")
    assignment = AssignmentFactory(classroom=classroom, title="Quiz 3", question_count=2)
    page = new_page("desktop")
    browser_session(page, learner=ana.learner_id)
    walk.go(page, "/join/classes/", "the student's classes")
    walk.go(page, f"/join/a/{assignment.public_id}/", "an assignment")
    submit(page.locator(f"form[action$='/join/a/{assignment.public_id}/start/']"))
    article = page.locator("[data-question-kind]").first
    expect(article).to_be_visible()
    walk.read(page, "an assignment's questions")
    answer_wrong(page, article)
    walk.read(page, "an assignment's question answered wrong")
    expect_page_status(page, 404)
    walk.go(page, "/join/a/no-such-assignment/", "an assignment that is not hers")
    walk.assert_nothing_found()


# -- a class at the tables --------------------------------------------------------------------

# Ms Hart's Mitchell at three tables, one board a round: Ana is pair 1 (N-S at table 1),
# Ben pair 2 and Cat pair 3 (N-S at tables 2 and 3); Dan, Eve and Fay are the E-W pairs.
AT_THE_TABLES = {"Ana": 1, "Ben": 2, "Cat": 3, "Dan": 4, "Eve": 5, "Fay": 6}
# Each board is played in 4♠ by North: the tricks at tables 1, 2 and 3, so that the
# travellers have matchpoints, a datum and a tie, and the pairs a standing.
TABLE_TRICKS = {1: (10, 11, 10), 2: (9, 10, 11), 3: (12, 10, 8)}


def _start_at_the_tables(walk, page, classroom) -> LiveSession:
    """The start form sent in the page's language: first a Mitchell at four tables (which
    cannot be), then at three."""
    walk.go(page, "/live/new/", "a live class's start form")
    form = page.locator("form.live-new")
    form.locator("input[name=title]").fill("Mitchell night")
    form.locator("select[name=classroom]").select_option(classroom.public_id)
    form.locator("input[name=mode][value=tables]").check()
    form.locator("input[name=board_count]").fill("3")
    form.locator("input[name=table_count]").fill("4")
    form.locator("input[name=movement][value=mitchell]").check()
    submit(form)
    expect(page.locator("#id_movement-error")).to_be_visible()
    walk.read(page, "a Mitchell at four tables, refused")
    form.locator("input[name=table_count]").fill("3")
    submit(form)
    expect(page.locator("#live-screen")).to_be_visible()
    return LiveSession.objects.get(title="Mitchell night")


def test_a_teacher_runs_a_class_at_the_tables_in_her_language(walk, new_page, browser_session):
    teacher, classroom, students = rooms.hart_class(*AT_THE_TABLES)
    page = new_page("desktop")
    browser_session(page, user=teacher)
    session = _start_at_the_tables(walk, page, classroom)
    screen = f"/live/s/{session.public_id}/"
    walk.read(page, "the projector at the tables, before the pairs")
    others = {}
    for name, pair in AT_THE_TABLES.items():
        if name != "Ana":
            others[name] = rooms.joined(session, students[name])
            tables.player_pair_choose(player=others[name], pair=pair)

    phone = new_page("phone")
    browser_session(phone, learner=students["Ana"].learner_id)
    walk.go(phone, "/live/join/", "joining the class at the tables")
    submit(phone.locator("main form").first)  # "Join as Ana"
    expect(phone.locator("#live-phone input[name=pair]").first).to_be_visible()
    walk.read(phone, "the phone, choosing its pair")
    phone.locator("#live-phone input[name=pair][value='1']").check()
    submit(phone.locator("#live-phone form").first)
    expect(phone.locator("[data-round='1']")).to_be_visible()
    walk.read(phone, "the phone, its round and first board")

    # Board 1 is in at tables 2 and 3; Ana enters table 1's, with a mistake first.
    for name, table in [("Ben", 2), ("Cat", 3)]:
        deal = PlayedDeal("N", "4S", TABLE_TRICKS[1][table - 1])
        tables.table_result_enter(player=others[name], board=1, deal=deal)
    board = phone.locator("#live-phone form.live-board-form")
    board.locator("input[name=declarer_1][value=N]").check()
    board.locator("input[name=contract_1]").fill("4♠")
    board.locator("input[name=tricks_1]").fill("14")
    submit(board)
    expect(phone.locator("#id_tricks_1-error")).to_be_visible()
    walk.read(phone, "the phone, a board with a mistake")
    phone.locator("#live-phone input[name=tricks_1]").fill(str(TABLE_TRICKS[1][0]))
    submit(phone.locator("#live-phone form.live-board-form"))
    expect(phone.locator("[data-saved='1']")).to_be_visible()
    expect(phone.locator("[data-traveller='1']")).to_be_visible()
    walk.read(phone, "the phone, a board entered, its traveller and the standing so far")

    walk.go(page, screen, "the projector, a board in at every table, the standing so far")
    walk.go(page, f"{screen}boards/1/", "a board's traveller large")
    walk.go(page, f"{screen}boards/2/", "a board no table has entered, large")

    # The other boards are in, at every table.
    ana = Player.objects.get(session=session, name="Ana")
    for board_number in (2, 3):
        for player, table in [(ana, 1), (others["Ben"], 2), (others["Cat"], 3)]:
            deal = PlayedDeal("N", "4S", TABLE_TRICKS[board_number][table - 1])
            tables.table_result_enter(player=player, board=board_number, deal=deal)
    walk.go(page, screen, "the projector, every result in")
    phone.reload()
    expect(phone.locator("[data-traveller='3']")).to_be_visible()
    walk.read(phone, "the phone, every board entered")

    walk.go(page, f"{screen}end/", "ending the class at the tables")
    submit(page.locator("form.live-controls"))
    expect(page.locator("[data-pairs='NS']")).to_be_visible()
    walk.read(page, "the projector, the final travellers and standing")
    phone.reload()
    expect(phone.locator("#live-phone[data-phase='finished']")).to_be_visible()
    walk.read(phone, "the phone, the class ended")

    walk.go(page, "/live/", "live classes, one at the tables")
    walk.go(page, f"/teachers/classes/{classroom.public_id}/overview/", "the class's overview")
    walk.go(
        page,
        f"/teachers/classes/{classroom.public_id}/students/{students['Ana'].public_id}/",
        "a student's page, at the tables",
    )
    walk.assert_nothing_found()


def test_a_student_scores_for_her_table_in_her_language(walk, new_page, browser_session):
    # Without a movement: every table plays every board; Ana scores for table 1, Cat has
    # entered board 1 for table 2.
    teacher, classroom, students = rooms.hart_class("Ana", "Cat")
    session = rooms.at_tables(teacher, classroom, "Club 14", board_count=2, table_count=2)
    cat = rooms.joined(session, students["Cat"])
    tables.player_table_choose(player=cat, table=2)
    tables.table_result_enter(player=cat, board=1, deal=PlayedDeal("N", "4S", 11))
    phone = new_page("phone")
    browser_session(phone, learner=students["Ana"].learner_id)
    walk.go(phone, "/live/join/", "joining the class at two tables")
    submit(phone.locator("main form").first)  # "Join as Ana"
    expect(phone.locator("#live-phone input[name=table]").first).to_be_visible()
    walk.read(phone, "the phone, choosing its table")
    phone.locator("#live-phone input[name=table][value='1']").check()
    submit(phone.locator("#live-phone form").first)
    board = phone.locator("#live-phone form.live-board-form")
    board.locator("input[name=declarer_1][value=N]").check()
    board.locator("input[name=contract_1]").fill("4♠")
    board.locator("input[name=tricks_1]").fill("10")
    submit(board)
    expect(phone.locator("[data-saved='1']")).to_be_visible()
    walk.read(phone, "the phone, its table's first board entered")

    page = new_page("desktop")
    browser_session(page, user=teacher)
    walk.go(page, f"/live/s/{session.public_id}/", "the projector, two tables")
    live_services.session_finish(session=session)
    walk.go(page, f"/live/s/{session.public_id}/", "the projector, two tables, ended")
    phone.reload()
    expect(phone.locator("#live-phone[data-phase='finished']")).to_be_visible()
    walk.read(phone, "the phone, the class at two tables ended")
    walk.assert_nothing_found()


# -- a forgotten password --------------------------------------------------------------------

NEW_PASSWORD = "a-fresh-password-for-club-9"


def test_a_teacher_resets_her_password_in_her_language(walk, new_page, mailoutbox):
    UserFactory(username="ms-hart", email="hart@example.org")
    page = new_page("desktop")
    walk.go(page, "/accounts/password_reset/", "password reset")
    form = page.locator("main form")
    form.locator("input[name=email]").fill("hart@example.org")
    submit(form)
    expect(page).to_have_url(re.compile(r"/password_reset/done/$"))
    walk.read(page, "password reset sent")
    (sent,) = mailoutbox
    walk.read_email(sent, "the password-reset email")

    link = re.search(r"https?://\S+/reset/\S+/", sent.body).group(0)
    page.goto(link)  # Django hides the token behind a redirect to .../set-password/
    expect(page.locator("input[name=new_password1]")).to_be_visible()
    walk.read(page, "choosing a new password")
    form = page.locator("main form")
    form.locator("input[name=new_password1]").fill(NEW_PASSWORD)
    form.locator("input[name=new_password2]").fill(NEW_PASSWORD.upper())
    submit(form)
    expect(page.locator("#id_new_password2-error")).to_be_visible()
    walk.read(page, "a new password typed twice differently")
    form.locator("input[name=new_password1]").fill(NEW_PASSWORD)
    form.locator("input[name=new_password2]").fill(NEW_PASSWORD)
    submit(form)
    expect(page).to_have_url(re.compile(r"/reset/done/$"))
    walk.read(page, "the new password saved")

    page.goto(link)
    expect(page.locator("main form")).to_have_count(0)
    walk.read(page, "a password-reset link used already")
    walk.assert_nothing_found()
