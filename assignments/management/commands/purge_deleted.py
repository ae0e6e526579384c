"""Delete for good the classes and assignments deleted more than UNDO_DAYS ago.

Run it once a day (cron, a systemd timer): until then, a teacher can bring them back.
"""

from django.core.management.base import BaseCommand

from assignments import services
from classes.models import UNDO_DAYS


class Command(BaseCommand):
    help = f"Delete for good what teachers deleted more than {UNDO_DAYS} days ago."

    def handle(self, *args, **options):
        gone = services.purge_deleted()
        self.stdout.write(f"Purged {gone} deleted classes and assignments.")
