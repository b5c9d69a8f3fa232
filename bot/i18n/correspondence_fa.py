"""The words of correspondence play in Persian (the keys of ``correspondence_en``)."""

CORRESPONDENCE: dict[str, str] = {
    "menu.if": "آماده کردن پاسخ به حرکت‌های بعدی حریف",
    "help.if": (
        "if <حرکت او> then <حرکت شما> (یا: اگر … آنگاه …) — در بازی‌ای که منتظر حرکت حریف هستید، پاسخی که از پیش "
        "آماده شده: وقتی او آن حرکت را بزند، حرکت شما بی‌درنگ زده می‌شود. عمیق‌تر: '… if <حرکت بعدی او> then <حرکت "
        "شما>'؛ چند 'if' چند شاخه می‌سازد. هر حرکت دیگری آن‌ها را پاک می‌کند (به شما گفته می‌شود). فقط در گفتگوی خصوصی "
        "ما، و پیش از زده شدن به هیچ‌کس نشان داده نمی‌شود. 'if' فهرستشان را می‌دهد، 'if clear' پاکشان می‌کند، '#N' "
        "بازی را برمی‌گزیند. نه در برابر ربات."
    ),
    "prepared.usage": (
        "بنویسید: if <حرکت او> then <حرکت شما>، مثلاً 'if b6-a5 then b4-c5'؛ عمیق‌تر: 'if b6-a5 then b4-c5 "
        "if a7-b6 then c3-d4'."
    ),
    "prepared.private_only": (
        "{user}: پاسخ‌هایتان را در گفتگوی خصوصی با من آماده کنید: اینجا همه آن‌ها را می‌خوانند. چیزی نگه داشته نشد."
    ),
    "prepared.not_vs_bot": "پاسخ از پیش فقط در بازی میان آدم‌ها آماده می‌شود.",
    "prepared.your_turn": "در #{id} نوبت شماست: اول حرکتتان را بزنید. پاسخ‌ها را هنگام انتظار آماده می‌کنند.",
    "prepared.no_game": "بازی‌ای ندارید که در آن منتظر حرکت حریف باشید.",
    "prepared.saved": "#{id}: پاسخ‌های آمادهٔ شما (فقط خودتان می‌بینید):\n{lines}",
    "prepared.none": "#{id}: پاسخی آماده نشده.",
    "prepared.cleared_by_you": "#{id}: پاسخ‌های آمادهٔ شما پاک شد.",
    "prepared.cleared": (
        "#{id}: حریف {move} را زد که برایش پاسخی آماده نکرده بودید: پاسخ‌های آماده پاک شد. نوبت شماست."
    ),
    "prepared.cleared_takeback": "#{id}: حرکتی پس گرفته شد، پس پاسخ‌های آمادهٔ شما پاک شد.",
    "prepared.after": "(و {count} پاسخ پس از آن)",
    "prepared.in_all": "روی هم {count} پاسخ: پاسخ‌های پس از هر حرکت نخست شمرده شده‌اند، نه فهرست.",
    "prepared.played": "(پاسخی که از پیش آماده شده بود)",
    "prepared.too_many": "بیش از {most} پاسخ آماده در یک بازی نمی‌شود.",
    "prepared.illegal": "حرکت {step} از رشته، {move}: {why}",
    "prepared.not_theirs": "در حرکت {step} از رشته نوبت حریف نیست.",
    "prepared.not_yours": "در حرکت {step} از رشته، پس از {move}، نوبت شما نیست.",
    "prepared.over": "بازی پیش از حرکت {step} از رشته تمام می‌شود.",
    "setting.quiet": "ساعت‌های سکوت",
    "setting.notices": "جای اعلان‌ها",
    "setting.mute": "بی‌یادآوری",
    "setting.unmute": "دوباره با یادآوری",
    "notices.private": "گفتگوی خصوصی شما با من",
    "notices.group": "گفتگوی بازی",
    "notices.both": "گفتگوی بازی و گفتگوی خصوصی شما",
    "notices.refused": (
        "{player}، نمی‌توانم به شما پیام خصوصی بدهم (ربات مسدود شده یا پیام‌های خصوصی شما بسته است)، پس اعلان‌ها "
        "اینجا می‌آیند. به من پیام خصوصی بدهید تا دوباره آنجا بیایند."
    ),
    "notices.refused_now": "گفتگوی بازی، فعلاً: گفتگوی خصوصی شما پیام‌های مرا نمی‌پذیرد (آنجا به من پیام دهید)",
    "settings.digest_every": "خلاصهٔ نوبت‌های شما هر {every}",
    "settings.digest_daily": "خلاصهٔ نوبت‌های شما هر روز ساعت {time}",
    "settings.show_notices": (
        "نوبت‌های شما: یادآوری: {reminders} · ساعت‌های سکوت: {quiet} (منطقهٔ زمانی شما: {zone}) · اعلان‌ها به: {notices} · "
        "بازی‌های بی‌یادآوری: {muted}."
    ),
    "help.notices": (
        "settings zone Asia/Tehran (منطقهٔ زمانی خودتان: ساعت‌های سکوت، خلاصه‌ها و زمان‌های مرخصی به آن است) · "
        "settings quiet 22:00-07:30 (حداکثر ۱۲ ساعت؛ 'settings quiet off' آن را برمی‌دارد): در این ساعت‌ها هیچ "
        "یادآوری، آخرین هشدار یا خلاصه‌ای در هیچ گفتگویی به شما نمی‌رسد و هیچ چیز به گفتگوی خصوصی‌تان نمی‌آید؛ همه تا "
        "پایانشان صبر می‌کنند. پیام‌های گفتگوی خود گروه (صفحه، دعوت، پیشنهاد) همان وقت می‌روند. آخرین هشدار پیش از "
        "آن‌ها می‌آید؛ مهلتی که در آن‌ها بیفتد، وقتی پیش از آن‌ها کمتر از زمان آخرین هشدار از نوبت برایتان مانده، به "
        "پایانشان و همان زمان منتقل می‌شود · settings reminders daily 08:00 (یک خلاصه از همهٔ بازی‌هایی که نوبت شماست، "
        "به‌جای یادآوری جدا برای هر بازی؛ آخرین هشدار هر بازی باز هم می‌آید؛ یا 'every 6h'، 'on'، 'off') · settings "
        "notices private|group|both (اگر گفتگوی خصوصی ربات را نپذیرد، اعلان‌ها تا وقتی آنجا به من پیام دهید به گفتگوی "
        "بازی می‌روند) · settings mute #N (بی‌یادآوری برای آن بازی؛ آخرین هشدار باز هم می‌آید) · settings unmute #N."
    ),
    "digest.title": "نوبت شما در این بازی‌ها ({count}):",
    "digest.line": "#{id} {game} در برابر {opponent}: {left}",
    "digest.left": "{left} مانده",
    "digest.no_clock": "بی‌ساعت",
    "digest.more": "… و {count} بازی دیگر.",
    "explore.players_only": "تا بازی ادامه دارد فقط بازیکنانش آن را بررسی می‌کنند؛ پس از پایان، همه.",
    "explore.illegal": "حرکت {step} از رشته، {move}: {why}",
    "explore.over": "اینجا بازی تمام می‌شد.",
    "explore.to_move": "نوبت {side}.",
    "explore.title": "صفحه‌ای برای فکر کردن",
    "web.explore.open": "بررسی از اینجا",
    "web.explore.note": "هیچ حرکتی در اینجا به بازی دست نمی‌زند: فقط قواعد پاسخ می‌دهند.",
    "web.explore.back": "بازگشت",
    "web.explore.restart": "از نو",
    "web.explore.play": "حرکت نخست را واقعاً بزن",
    "web.explore.prepare": "نگه داشتن به‌عنوان پاسخ‌های آماده",
    "web.explore.game": "بازگشت به بازی",
    "web.explore.line": "رشته",
    "web.explore.empty": "هنوز حرکتی نیست: برای هر دو طرف می‌توانید حرکت کنید.",
    "web.explore.chance": "شانس سفید در بازی: {value}٪",
    "explore.proven": "اثبات‌شده: با بهترین بازی {side} می‌برد.",
    "web.settings.title": "چگونه از نوبت‌هایتان باخبر شوید",
    "web.settings.save": "ذخیره",
    "web.settings.zone_hint": "نام شهری را بنویسید تا منطقه‌تان پیدا شود (Asia/Tehran)، یا +03:30.",
    "web.settings.from": "از",
    "web.settings.to": "تا",
    "web.settings.none": "هیچ",
    "web.settings.reminders_on": "یادآوری برای هر بازی",
    "web.settings.reminders_daily": "خلاصه هر روز ساعت",
    "web.settings.reminders_every": "خلاصه هر",
    "web.settings.reminders_off": "هیچ",
    "web.settings.mute": "بی‌صدا کردن #{id}",
    "web.settings.unmute": "یادآوری دوباره برای #{id}",
}
