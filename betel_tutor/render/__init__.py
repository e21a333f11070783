"""Deal sheets and handouts: view models built in Python, Jinja2 templates that only print."""
