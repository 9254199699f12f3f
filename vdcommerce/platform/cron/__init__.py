"""The scheduler: jobs declared in each package's etc/crontab.xml, run by one runner at a time."""
