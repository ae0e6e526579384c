"""What a scorer types on the score pad and reads back: the helpers of its view tests."""

import re

from lessons import deals
from scorepad.models import ScorePad
from scoring import Contract, Rubber

HTMX = {"HTTP_HX_REQUEST": "true"}


# -- helpers: what a scorer types ---------------------------------------------------------


def input_value(html: str, name: str) -> str:
    """The <input> tag named `name` on the page."""
    match = re.search(rf'<input[^>]*\bname="{name}"[^>]*>', html)
    assert match, f"no input named {name}"
    return match.group(0)


def start(client, kind, **fields) -> str:
    """Start a game from the list page; returns the game's address."""
    data = {"kind": kind, **{f"{kind}-{name}": value for name, value in fields.items()}}
    response = client.post("/scorepad/", data)
    assert response.status_code == 302, response.content.decode()
    return response["Location"]


def pad_of(url) -> ScorePad:
    return ScorePad.objects.get(public_id=url.rstrip("/").rsplit("/", 1)[-1])


def deal_fields(deal, seat=None) -> dict:
    """The deal form's fields for a deal of lessons/deals.py (or a seat at duplicate)."""
    contract = Contract.parse(deal.contract)
    data = {
        "declarer": seat or deal.declarer,
        "level": str(contract.level),
        "strain": contract.strain.value,
        "tricks": str(deal.tricks),
    }
    if contract.doubling.value:
        data["doubling"] = contract.doubling.value
    if deal.honors:
        data["honors"] = deal.honors
    if deal.honors_side:
        data["honors_side"] = deal.honors_side
    return data


def enter(client, url, fields, *, htmx=False, expect=None):
    """Post one deal with the revision the page shows, as the form would."""
    data = {"revision": pad_of(url).revision, **fields}
    response = client.post(f"{url}deals/", data, **(HTMX if htmx else {}))
    assert response.status_code == (expect or (200 if htmx else 302)), response.content.decode()
    return response


def act(client, url, action, **extra):
    response = client.post(f"{url}{action}/", {"revision": pad_of(url).revision}, **extra)
    assert response.status_code in (200, 302), response.content.decode()
    return response


def page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def sheet_totals(html) -> tuple[int, int]:
    label = r'<span class="sheet-table__total-label">total </span>'
    we = re.search(rf'data-total="we"><span class="visually-hidden">WE </span>{label}(\d+)<', html)
    they = re.search(
        rf'data-total="they"><span class="visually-hidden">THEY </span>{label}(\d+)<', html
    )
    return int(we[1]), int(they[1])


def deal_points(html) -> list[tuple[str, str]]:
    """(WE, THEY) of each row of the deal-by-deal table."""
    return re.findall(
        r'data-deal-points="we" data-points="(\d*)">.*?data-deal-points="they" data-points="(\d*)"',
        html,
        re.S,
    )


def result(html, name) -> str:
    return re.search(rf'data-result="{name}">([^<]*)<', html)[1]


VULNERABLE_WORDS = {
    frozenset(): "Neither side",
    frozenset({"we"}): "WE",
    frozenset({"they"}): "THEY",
    frozenset({"we", "they"}): "Both sides",
}


def deal_list(html) -> dict[int, tuple[str, str, list[tuple[str, str, int]]]]:
    """Deals entered, as listed: number -> (title, vulnerable, [(item, side, points)])."""
    listed = {}
    for number, body in re.findall(
        r'<li id="deal-(\d+)" class="pad-deals__item[^"]*">(.*?)</li>', html, re.S
    ):
        items = re.findall(r'data-item="(\w+)" data-side="(\w+)" data-points="(\d+)"', body)
        listed[int(number)] = (
            re.search(r"<strong>([^<]+)</strong>", body)[1],
            re.search(r"vulnerable: ([^.]+)\.", body)[1],
            [(item, side, int(points)) for item, side, points in items],
        )
    return listed


def item_points(listed, number, item, side) -> int | None:
    """The points of one item of deal `number` in `deal_list`, or None when it has none."""
    found = [points for key, who, points in listed[number][2] if (key, who) == (item, side)]
    assert len(found) <= 1
    return found[0] if found else None


def rubber_row_totals(html, number) -> tuple[int, int]:
    """(WE, THEY) of a finished rubber in the table of rubbers played."""
    row = re.search(rf'<tr data-rubber="{number}">(.*?)</tr>', html, re.S)[1]
    totals = dict(re.findall(r'data-total="(we|they)">(\d+)<', row))
    return int(totals["we"]), int(totals["they"])


def rubbers_by_engine(played) -> tuple[list[Rubber], dict]:
    """The deals scored by the engine alone, rubber after rubber, and their `deal_list`."""
    rubbers, listed = [], {}
    for number, deal in enumerate(played, 1):
        if not rubbers or rubbers[-1].is_finished:
            rubbers.append(Rubber(fifty="up"))
        record = rubbers[-1].record(
            deal.declarer, deal.contract, deal.tricks, deal.honors, deal.honors_side
        )
        listed[number] = (
            f"Rubber {len(rubbers)}, deal {record.number}",
            VULNERABLE_WORDS[record.vulnerable],
            [(entry.item.key, entry.side, entry.points) for entry in record.entries],
        )
    return rubbers, listed


def play_chicago_round(client, form="chicago", upto=None) -> str:
    """Start a chukker, WE dealing first, and enter the first `upto` deals of rules §8.6."""
    url = start(client, "chukker", form=form, first_dealer="we", fifty="up")
    for deal in deals.CHICAGO_ROUND[:upto]:
        enter(client, url, deal_fields(deal))
    return url
