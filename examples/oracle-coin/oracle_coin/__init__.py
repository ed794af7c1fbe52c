"""Coin: an example oracle system with one roll, installed as a plugin (``oracle_coin.system``)."""
