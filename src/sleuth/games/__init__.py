"""The games, one package each holding all of one game (its kit, ``<game>/kit.py``).

The registry finds every package here by itself; nothing lists them by hand.
"""
