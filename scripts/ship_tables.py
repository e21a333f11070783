"""Write the shipped scenarios' trick tables again (betel_tutor/render/shipped_tables.json),
after the solver or a shipped lesson changed:

.venv/bin/python scripts/ship_tables.py
"""

from betel_tutor.render.shipped import ship_tables

if __name__ == "__main__":
    print(f"{ship_tables()} trick tables written")
