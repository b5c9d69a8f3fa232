"""The commands' names in the other languages the bot speaks: a player may type ``помощь`` for ``help``, ``تسلیم`` for
``resign`` or ``súgó`` for ``help``, whatever language the bot answers them in. English names are the commands' own.

No word here is a move in any game (a test reads each in every game's positions), and none is the English name of
another command.
"""

from __future__ import annotations

#: Each command's names in Russian, Persian and Hungarian (lower case; Persian with the Persian ye and kaf).
COMMAND_WORDS: dict[str, tuple[str, ...]] = {
    "help": ("помощь", "справка", "راهنما", "کمک", "súgó", "segítség"),
    "play": ("играть", "сыграть", "بازی", "játék", "játszunk"),
    "board": ("доска", "صفحه", "tábla"),
    "moves": ("ходы", "حرکت‌ها", "lépések"),
    "games": ("партии", "بازی‌ها", "játszmák"),
    "resign": ("сдаться", "сдаюсь", "تسلیم", "feladom"),
    "takeback": ("вернуть", "برگشت", "visszavonás"),
    "draw": ("ничья", "подсчёт", "تساوی", "döntetlen"),
    "accept": ("принять", "принимаю", "قبول", "elfogadom"),
    "learn": ("урок", "учиться", "آموزش", "lecke", "tanulás"),
    "puzzle": ("задача", "معما", "feladvány"),
    "rules": ("правила", "قوانین", "szabályok"),
    "settings": ("настройки", "تنظیمات", "beállítások"),
    "stats": ("статистика", "آمار", "statisztika"),
    "review": ("разбор", "بررسی", "elemzés"),
    "abort": ("прервать", "لغو", "megszakítás"),
    "cancel": ("отменить", "انصراف", "mégse"),
    "lang": ("язык", "زبان", "nyelv"),
    "rematch": ("реванш", "دوباره", "visszavágó"),
    "top": ("лучшие", "برترین‌ها", "toplista"),
    "vacation": ("отпуск", "مرخصی", "szabadság"),
}

_PERSIAN_FORMS = str.maketrans({"ي": "ی", "ك": "ک", "\u200c": "", "ى": "ی"})


def folded(word: str) -> str:
    """``word`` as command names are compared: lower case, the Arabic ye and kaf as Persian writes them, no
    zero-width non-joiner (``حرکت‌ها`` and ``حرکتها`` are one word), ``ё`` as ``е``.

    >>> folded("ПОМОЩЬ") == folded("помощь"), folded("حركت‌ها") == folded("حرکتها"), folded("подсчет") == folded("подсчёт")
    (True, True, True)
    """
    return word.lower().translate(_PERSIAN_FORMS).replace("ё", "е")
