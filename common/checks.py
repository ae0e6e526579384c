"""Start-up checks of the site's own settings (`manage.py check` runs them, as does every start)."""

from django.conf import settings
from django.core.checks import Error, register

KEPT_PAGE_BACKENDS = (
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
)


@register
def pages_are_kept_per_process(app_configs, **kwargs):
    """The "pages" cache must be each process's own (common/pages.py)."""
    backend = settings.CACHES.get("pages", {}).get("BACKEND")
    if backend in KEPT_PAGE_BACKENDS:
        return []
    return [
        Error(
            f'CACHES["pages"] uses {backend}, a cache shared between processes.',
            hint=(
                "Pages kept for everyone are each process's own: use LocMemCache (or "
                "DummyCache to keep none). A page takes less time to render than to fetch."
            ),
            id="common.E001",
        )
    ]
