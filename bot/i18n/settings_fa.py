"""Each setting's one line of help, in Persian (the keys of ``settings_en``)."""

SETTINGS: dict[str, str] = {
    "settings.unknown_name": (
        "تنظیمی به نام «{name}» نیست. تنظیمات شما: {names}؛ تنظیمات گفت‌وگو: «settings chat …» ({chat_names})."
    ),
    "settings.now": "{name}: {value}. {about}",
    "settings.wrong_value": "«{value}» مقداری برای {name} نیست. {about}",
    "settings.no_game": "شما بازی #{id} را بازی نمی‌کنید. {about}",
    "settings.pages_unavailable": (
        "این ربات نشانی عمومی برای صفحه‌های بازی ندارد (گرداننده‌اش PUBLIC_URL را تعیین می‌کند)، پس چیزی برای روشن کردن نیست."
    ),
    "settings.flip_between_people": "{value} (میان آدم‌ها؛ در برابر ربات طرف شما همیشه پایین است)",
    "settings.about.lang": "settings lang fa: زبانی که ربات با شما حرف می‌زند (en، ru، fa، hu).",
    "settings.about.board": "settings board picture|text|both: صفحهٔ بازی‌هایتان به صورت تصویر، متن یا هر دو.",
    "settings.about.reminders": "settings reminders on|off، daily 08:00 یا every 6h: یادآوری برای هر بازی یا یک خلاصه.",
    "settings.about.zone": "settings zone Asia/Tehran (یا +03:30، UTC): منطقهٔ زمانی شما برای ساعت‌های آرام و خلاصه‌ها.",
    "settings.about.quiet": (
        "settings quiet 22:00-07:00 (به ساعت خودتان) یا off: تا ۱۲ ساعت که هیچ یادآوری، "
        "هشدار یا خلاصه\u200cای به شما نمی\u200cرسد و چیزی به گفتگوی خصوصی\u200cتان نمی\u200cآید."
    ),
    "settings.about.notices": "settings notices private|group|both: جایی که نوبتتان به شما گفته می‌شود.",
    "settings.about.mute": "settings mute #12: بدون یادآوری برای آن بازی شما ('unmute #12' برمی‌گرداند).",
    "settings.about.unmute": "settings unmute #12: دوباره یادآوری برای آن بازی شما.",
    "settings.about.colorblind": "settings colorblind on|off: نشانه‌ای روی هر رنگ صفحهٔ بازی‌هایتان.",
    "settings.about.flip": (
        "settings flip on|off: در بازی‌های میان آدم‌ها، صفحه وقتی نوبت شماست از طرف شما کشیده می‌شود."
    ),
    "settings.about.warnings": "settings warnings on|off: پرسشی پیش از حرکتی که بی‌درنگ می‌بازد.",
    "settings.about.chat.lang": "settings chat lang hu: زبان ربات اینجا برای کسانی که زبانی برنگزیده‌اند.",
    "settings.about.chat.time": "settings chat time 1d (یا none): زمان هر حرکت در بازی‌های تازهٔ اینجا.",
    "settings.about.chat.board": "settings chat board new|edit: پس از هر حرکت صفحه‌ای تازه یا ویرایش آخرین.",
    "settings.about.chat.thread": "settings chat thread on|off: رشته‌ای برای گفت‌وگو دربارهٔ هر بازی اینجا.",
    "settings.about.chat.zone": "settings chat zone Asia/Tehran (یا +03:30): ساعت گفت‌وگو برای معمای روزانه.",
    "settings.about.chat.puzzle": "settings chat puzzle daily 09:00 [بازی] یا off: هر روز یک معما اینجا.",
    "settings.about.chat.pages": "settings chat pages on|off: صفحه‌های بازی این گفت‌وگو (off: همهٔ نشانی‌ها از کار می‌افتند).",
}
