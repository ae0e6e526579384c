"""Delete for good the bridge files teachers deleted more than a day ago.

Run it once a day, as purge_deleted is; a teacher's own next file kept or deleted clears
theirs too.
"""

from django.core.management.base import BaseCommand

from bridgefiles import services


class Command(BaseCommand):
    help = f"Delete for good the bridge files deleted more than {services.UNDO_HOURS} hours ago."

    def handle(self, *args, **options):
        gone = services.saved_files_purge()
        self.stdout.write(f"Purged {gone} deleted bridge files.")
