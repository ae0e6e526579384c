"""No two accounts share a username or an email address, whatever their case.

Django keeps usernames unique as typed ("Alice" beside "alice"); the sign-up form also
checks emails, but two sign-ups at once could both pass that check. These indexes let the
database decide. A database that already holds such a pair is named, account by account,
instead of failing on an index error: give each account its own address (in /admin/),
then migrate again.
"""

from django.db import migrations
from django.db.models import Count
from django.db.models.functions import Lower

INDEXES = {
    "accounts_username_unique_lower": "CREATE UNIQUE INDEX {name} ON auth_user (LOWER(username))",
    "accounts_email_unique_lower": (
        "CREATE UNIQUE INDEX {name} ON auth_user (LOWER(email)) WHERE email <> ''"
    ),
}


class SharedAccounts(Exception):
    """Existing accounts that the new unique indexes would refuse."""


def accounts_that_share(apps, schema_editor=None) -> list[str]:
    """Each username or non-empty email held by more than one account, with the accounts."""
    User = apps.get_model("auth", "User")
    found = []
    for field in ("username", "email"):
        shared = (
            User.objects.exclude(**{field: ""})
            .annotate(key=Lower(field))
            .values("key")
            .annotate(n=Count("id"))
            .filter(n__gt=1)
        )
        for row in shared:
            names = User.objects.annotate(key=Lower(field)).filter(key=row["key"])
            usernames = ", ".join(sorted(names.values_list("username", flat=True)))
            found.append(f"{field} {row['key']!r}: {usernames}")
    return found


def refuse_shared_accounts(apps, schema_editor):
    shared = accounts_that_share(apps)
    if shared:
        raise SharedAccounts(
            "These accounts share a username or an email address (case aside), which the "
            "site no longer allows: " + "; ".join(shared) + ". Give each account its own "
            "(in /admin/, or `manage.py shell`), then run `manage.py migrate` again."
        )


class Migration(migrations.Migration):

    dependencies = [("auth", "0012_alter_user_first_name_max_length")]

    operations = [
        migrations.RunPython(refuse_shared_accounts, migrations.RunPython.noop),
        *(
            migrations.RunSQL(sql.format(name=name), f"DROP INDEX {name}")
            for name, sql in INDEXES.items()
        ),
    ]
