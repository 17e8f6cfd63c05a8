"""The Textual app (being written)."""


def run(db_path) -> int:
    print("the Banker app is being built")
    return 0
