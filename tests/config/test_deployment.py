"""A server with DEBUG off and the public SECRET_KEY starts on loopback only (issue #27)."""

import os
import runpy
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from config.deployment import HOW_TO_SET_A_KEY, is_loopback, start_refusal

ROOT = Path(__file__).resolve().parents[2]
PUBLIC_KEY = "django-insecure-local-only-key-set-SECRET_KEY-in-production-3f9a1c"
REAL_KEY = "q" * 20 + "a-real-key-nobody-else-knows-7Hc2"


@pytest.mark.parametrize(
    "bind, loopback",
    [
        ("127.0.0.1:8000", True),
        ("127.0.0.2:8000", True),
        ("localhost:8000", True),
        ("[::1]:8000", True),
        ("::1", True),
        ("127.0.0.1", True),
        ("0.0.0.0:8000", False),
        (":8000", False),  # every address
        ("[::]:8000", False),
        ("192.168.1.20:8000", False),
        ("scoring.example.org:8000", False),
        ("unix:/run/bridge.sock", False),  # a proxy in front serves the world
        ("fd://3", False),
    ],
)
def test_only_addresses_this_machine_alone_reaches_are_loopback(bind, loopback):
    assert is_loopback(bind) is loopback


@pytest.mark.parametrize(
    "debug, key, binds, behind_proxy, refused",
    [
        (False, PUBLIC_KEY, ["0.0.0.0:8000"], False, True),
        (False, PUBLIC_KEY, ["127.0.0.1:8000", "0.0.0.0:8001"], False, True),
        (False, PUBLIC_KEY, ["127.0.0.1:8000"], True, True),  # a proxy brings the world
        (False, PUBLIC_KEY, ["127.0.0.1:8000"], False, False),  # make serve on a laptop
        (False, REAL_KEY, ["0.0.0.0:8000"], False, False),
        (True, PUBLIC_KEY, ["127.0.0.1:8000"], False, False),
    ],
)
def test_a_public_server_with_the_public_key_is_refused(debug, key, binds, behind_proxy, refused):
    refusal = start_refusal(debug=debug, secret_key=key, binds=binds, behind_proxy=behind_proxy)
    assert (refusal is not None) is refused
    if refused:
        assert HOW_TO_SET_A_KEY in refusal and "secrets.token_urlsafe(50)" in refusal


def _server(*binds):
    return SimpleNamespace(cfg=SimpleNamespace(bind=list(binds)))


def test_gunicorns_start_hook_refuses_a_public_address_with_the_public_key(settings):
    settings.DEBUG, settings.SECRET_KEY, settings.BEHIND_PROXY = False, PUBLIC_KEY, False
    on_starting = runpy.run_path(str(ROOT / "gunicorn.conf.py"))["on_starting"]
    with pytest.raises(RuntimeError, match="Refusing to start"):
        on_starting(_server("0.0.0.0:8000"))
    on_starting(_server("127.0.0.1:8000"))  # what make serve binds: it starts


def test_gunicorn_exits_at_once_with_the_message_instead_of_serving_the_world():
    env = {k: v for k, v in os.environ.items() if k not in {"SECRET_KEY", "DEBUG", "BEHIND_PROXY"}}
    env["DEBUG"] = "0"
    result = subprocess.run(
        [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", "0.0.0.0:0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,  # a safety net: without the refusal it would serve until killed
    )
    assert result.returncode == 1
    assert "Refusing to start" in result.stderr and "token_urlsafe" in result.stderr
