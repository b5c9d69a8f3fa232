"""پیام‌های فارسی."""

MESSAGES: dict[str, str] = {
    "help": (
        "فرمان‌ها (با / یا بدون آن):\n"
        "play <بازی> [@بازیکن | bot] [گزینه‌ها] — دعوت یک بازیکن، هر کس (بدون نام) یا ربات\n"
        "accept · decline · cancel — پذیرفتن، رد کردن یا پس گرفتن دعوت\n"
        "move <حرکت> (یا فقط حرکت) — بازی کردن؛ #<شماره> پیش یا پس از حرکت یا فرمان، بازی را انتخاب می‌کند (#2 e4، "
        "#2 resign)\n"
        "board · games · moves · resign · takeback · draw · abort · rematch · export · replay · review — بازی جاری\n"
        "puzzle [بازی] [easy|normal|hard] · puzzle hint · puzzle solution · top puzzles — معماهایی برای حل با هم\n"
        "learn <بازی> — درس اول سه‌دقیقه‌ای، به‌صورت خصوصی\n"
        "tournament new <بازی> [swiss rounds=5 | roundrobin] · tournament join · tournament start · tournament — مسابقه‌ها\n"
        "rules <بازی> · stats [بازی] · top [بازی] · settings · lang <کد> · help <فرمان> · vacation · link · admin\n"
        "بازی‌ها: {game_list}. گزینه‌ها: {option_list}، "
        "time=none|12h|2d، level={level_list}، white|black|random."
    ),
    "help.play": (
        "play <بازی> [@بازیکن | bot] [گزینه‌ها] — مثلاً 'play kamisado bot level=hard' یا 'play krepost @anna 3x3 time=1d'."
    ),
    "help.move": "move <حرکت> — مثلاً 'move بنفش چپ ۵' (کامیسادو)، 'move c3-d4' (آشتاراشکی)، 'move e4-e5 xf7' (قلعه).",
    "help.draw": (
        "draw — فقط در قلعه: پیشنهاد توقف و شمارش (اسیرها به‌علاوهٔ مهره‌های دست حریف). حریف با 'draw' یا "
        "دکمهٔ «بله» می‌پذیرد؛ ربات فقط وقتی می‌پذیرد که شمارش به سودش باشد."
    ),
    "help.board": (
        "تصویرهای صفحه: خانه‌های آخرین حرکت دورگیری شده‌اند و حرکت پیش از آن با پیکان کشیده شده است. "
        "کامیسادو: رنگ هر برج و دندان‌هایش (سومو) پس از آن؛ با 'settings colorblind on' هر رنگ نشانهٔ خودش را "
        "دارد. آشتاراشکی: شمارهٔ هر مهره روی آن. کرپوست: دیوارها و دروازه‌های دژها؛ حلقهٔ قرمز مهرهٔ دسته‌ای "
        "محاصره‌شده را نشان می‌دهد که حریف می‌تواند آن را اسیر کند؛ پنجرهٔ شمارش نشان می‌دهد چند نوبت تا "
        "شمارش مانده است."
    ),
    "help.settings": (
        "settings — نمایش تنظیمات. تنظیمات شما: 'settings lang fa'، 'settings colorblind on'، 'settings flip on'، "
        "'settings reminders off'، 'settings warnings on|off'. "
        "تنظیمات این گفتگو: 'settings chat lang fa'، 'settings chat time 1d'، "
        "'settings chat board new|edit'، 'settings chat thread on'، 'settings chat pages on|off'"
        "، 'settings chat zone +03:30' (یا Asia/Tehran)، 'settings chat puzzle daily 09:00 [بازی]' (یا off)."
        " 'settings sessions' نشان می‌دهد کجا وارد صفحه‌های بازی شده‌اید ('settings sessions end' از همه‌جا خارج می‌کند)."
        " 'settings board text' صفحهٔ بازی‌های شما را به‌صورت نوشتار به‌جای تصویر می‌فرستد ('both': هر دو؛ 'picture': فقط تصویر)."
        " 'help notices': ساعت‌های سکوت، خلاصهٔ روزانه، جای اعلان‌ها."
    ),
    "help.unknown": "فرمانی به نام '{command}' وجود ندارد. برای فهرست 'help' را بنویسید.",
    "help.unknown_near": "فرمانی به نام '{command}' وجود ندارد. منظورتان '{near}' بود؟ برای فهرست 'help' را بنویسید.",
    "help.command": "{command} — {description}. برای همهٔ فرمان‌ها 'help' را بنویسید.",
    "lang.set": "زبان: فارسی.",
    "lang.unknown": "زبان‌های من: {languages}. مثلاً: 'lang fa'.",
    "settings.show": (
        "تنظیمات شما: زبان: {user_language} · صفحهٔ مخصوص کوررنگی: {colorblind} · صفحه‌ها: {board} · سمت خودتان پایین: {flip} · "
        "هشدار پیش از حرکت بازنده: {warnings}.\n"
        "این گفتگو: زبان: {chat_language} · زمان هر حرکت: {chat_time} · صفحه‌ها: {chat_board} · "
        "رشتهٔ جدا برای هر بازی: {chat_thread}"
        "· منطقهٔ زمانی گفتگو (برای معمای روز): {chat_zone} · معمای روز: {chat_puzzle}."
    ),
    "settings.lang_own": "انتخاب خودتان: 'lang'",
    "settings.lang_chat": "زبان گفت‌وگو",
    "settings.lang_app": "زبان برنامهٔ شما",
    "settings.lang_default": "زبان پیش‌فرض ربات",
    "settings.lang_unset": "تعیین نشده (هر کس به زبان خودش)",
    "settings.warnings_auto": "فقط در برابر ربات و در بازی‌های بدون امتیاز",
    "settings.saved": "ذخیره شد: {name}: {value}.",
    "settings.sessions": "در {count} مرورگر وارد صفحه‌های بازی شده‌اید:\n{list}\nبا 'settings sessions end' از همه خارج می‌شوید.",
    "settings.sessions_none": "در هیچ مرورگری وارد صفحه‌های بازی نشده‌اید.",
    "settings.sessions_line": "از {since} (تا {until})",
    "settings.sessions_ended": "از صفحه‌های بازی در {count} مرورگر خارج شدید.",
    "setting.lang": "زبان",
    "setting.colorblind": "صفحهٔ مخصوص کوررنگی",
    "setting.flip": "سمت خودتان پایین",
    "setting.reminders": "یادآوری",
    "setting.warnings": "هشدار پیش از حرکت بازنده",
    "setting.time": "محدودیت زمان",
    "setting.board": "صفحه‌ها",
    "setting.thread": "رشتهٔ جدا برای هر بازی",
    "setting.zone": "منطقهٔ زمانی",
    "setting.puzzle": "معمای روز",
    "settings.admins_only": "فقط مدیران گفتگو می‌توانند تنظیمات این گفتگو را تغییر دهند.",
    "on": "روشن",
    "unrated": "بی‌رتبه",
    "off": "خاموش",
    "too_long": "پیام خیلی بلند است ({length} نویسه؛ حداکثر {limit}).",
    "rate_limited": "لطفاً کمی آهسته‌تر: {seconds} ثانیهٔ دیگر دوباره بفرستید.",
    "discord.unread": (
        'مدتی نبودم و اجازهٔ خواندن تاریخچهٔ این کانال را ندارم، پس آنچه در این مدت اینجا نوشته شد به من '
        'نرسید: اگر آن موقع حرکتی کردید، لطفاً دوباره بنویسید.'
    ),
    "discord.option.game_kind": 'بازی',
    "discord.option.game": 'کدام بازی، اگر چند بازی دارید',
    "discord.option.opponent": 'چه کسی را دعوت می\u200cکنید (خالی: هر کسی اینجا)',
    "discord.option.bot": 'بازی با ربات',
    "discord.option.level": 'قدرت ربات',
    "discord.option.options": "مثلاً 'standard'، '3x3 half'، 'time=1d'، 'white'",
    "discord.option.move": "حرکت، مثلاً 'purple l5'، 'c3-d4'، 'e4-e5 xf7'",
    "discord.option.code": 'خالی برای گرفتن کد، یا کدی که گرفته\u200cاید',
    "discord.option.length": "'5d'؛ 'end' پایانش می\u200cدهد؛ خالی: روزهای باقی\u200cمانده",
    "discord.option.action": "مثلاً 'abort #12'، 'deadline #12 2d'، 'evidence #12'",
    "discord.option.language": 'زبان شما',
    "discord.option.change": "مثلاً 'colorblind on'، 'chat time 1d'؛ خالی: آنچه تنظیم شده",
    "discord.option.what": "چه می\u200cخواهید، مثلاً 'hint'، 'new'، 'join'؛ خالی: آنچه هست",
    "anonymous.refused": (
        "شما به نام گروه می‌نویسید (مدیر ناشناس)، پس نمی‌دانم چه کسی هستید: بازی، پاسخ و تنظیمات خودتان به خود شما نیاز "
        "دارد. برای بازی «ناشناس ماندن» را در دسترسی‌های مدیریتی خود خاموش کنید؛ به نام گروه هنوز می‌توانید راهنما و "
        "قواعد را بخوانید و تنظیمات گفتگو را تغییر دهید (settings chat …)."
    ),
    "internal_error": "مشکلی در سمت من پیش آمد؛ چیزی تغییر نکرد. لطفاً دوباره امتحان کنید.",
    "database_unavailable": "پایگاه داده اکنون در دسترس نیست؛ چیزی تغییر نکرد. لطفاً کمی بعد دوباره امتحان کنید.",
    "unknown_game": "بازی‌ای به نام '{name}' نداریم. بازی‌ها: {game_list}.",
    "games.list": "بازی‌ها: {game_list}. 'rules kamisado' قوانین را می‌گوید و 'play kamisado bot' بازی را شروع می‌کند.",
    "bad_option": "گزینهٔ '{option}' را نمی‌فهمم. {usage}",
    "bad_option.contradiction": "'{first}' و '{second}' با هم تناقض دارند: یکی را انتخاب کنید. {usage}",
    "challenge.open": "{challenger} می‌خواهد {game} بازی کند ({options}). هر کسی می‌تواند بپذیرد: 'accept'.",
    "challenge.open_buttons": (
        "{challenger} می‌خواهد {game} بازی کند ({options}). هر کسی اینجا می‌تواند با دکمه بپذیرد؛ بازی هم با "
        "دکمه‌ها انجام می‌شود."
    ),
    "challenge.to_user": "{target}، {challenger} شما را به {game} دعوت می‌کند ({options}): 'accept' یا 'decline'.",
    "user.link_first": (
        "حریفی در سکوی دیگر؟ اول حساب‌هایتان را پیوند دهید ('link')، بعد او را با نامش دعوت کنید."
    ),
    "challenge.from_elsewhere": (
        "{challenger} (در {platform}) شما را به {game} دعوت می‌کند ({options})، دعوت #{id}. همین‌جا بپذیرید تا "
        "بازی در همین گفتگو انجام شود."
    ),
    "challenge.sent_elsewhere": (
        "دعوت #{id} برای {target} در {platform} فرستاده شد، در گفتگوی خصوصی‌اش با ربات: {game} ({options}). وقتی "
        "بپذیرد، صفحه‌ها هم اینجا و هم آنجا می‌آیند. اگر به دستش نرسید (هنوز آنجا به ربات چیزی ننوشته)، می‌تواند "
        "در {platform} به ربات بنویسد: 'accept {id}'."
    ),
    "challenge.unreachable": (
        "به {target} در {platform} نمی‌شود پیام داد (هنوز آنجا به ربات چیزی ننوشته یا پیام خصوصی نمی‌پذیرد): دعوت "
        "#{id} منتظر می‌ماند. می‌تواند در {platform} به ربات بنویسد: 'accept {id}'."
    ),
    "challenge.declined": "{user} دعوت را رد کرد.",
    "challenge.cancelled": "دعوت پس گرفته شد.",
    "challenge.none": "اینجا دعوت بازی برای شما نیست.",
    "challenge.taken": "دیر شد: این دعوت را کس دیگری پذیرفت. بازی #{id}: {white} در برابر {black}.",
    "challenge.lost": (
        "این دعوت هرگز به من نرسید (تلگرام خبر نداد که فرستاده شده)، پس نمی‌شود پذیرفتش. دعوت تازه‌ای بخواهید: نام مرا "
        "در هر گفتگویی بنویسید."
    ),
    "challenge.own": "نمی‌توانید دعوت خودتان را بپذیرید؛ با 'cancel' آن را پس بگیرید.",
    "challenge.not_yours": "فقط {user} می‌تواند به این دعوت پاسخ دهد.",
    "challenge.open_decline": (
        "دعوت باز را لازم نیست رد کنید: هر کسی می‌تواند آن را بپذیرد و فقط {user} می‌تواند آن را پس بگیرد ('cancel')."
    ),
    "challenge.gone": "این دعوت دیگر باز نیست.",
    "challenge.expired": "دعوت {challenger} به {game} منقضی شد: کسی پاسخ نداد.",
    "challenge.replaced": "(قدیمی‌ترین دعوت باز شما در اینجا پس گرفته شد: حداکثر {count} دعوت هم‌زمان منتظر می‌مانند.)",
    "user.unknown": "هنوز '{name}' را نمی‌شناسم: اول باید اینجا چیزی بنویسد.",
    "challenge.self": (
        "نمی‌توانید خودتان را دعوت کنید: کس دیگری را نام ببرید، همه را دعوت کنید ('play {game}') یا ربات را ('play "
        "{game} bot')."
    ),
    "button.accept": "می‌پذیرم",
    "button.decline": "نه",
    "button.yes": "بله",
    "button.no": "خیر",
    "game.started": "بازی شمارهٔ {id}: {game}، {white} (سفید) در برابر {black} (سیاه). {options}",
    "game.caption": "#{id} {game} · {white} (سفید) – {black} (سیاه)",
    "game.played": "{player} بازی کرد: {move}.",
    "game.to_move": "نوبت {player} است.",
    "game.to_move_clock": "نوبت {player} است؛ {left} مانده.",
    "game.ratings": "امتیازها: {changes}.",
    "game.rating_change": "{player} {before} ← {after} ({change})",
    "button.rematch": "بازی دوباره",
    "button.review": "بررسی",
    "game.over": "بازی تمام شد. {result}",
    "game.won": "{player} برنده شد ({reason}).",
    "game.draw": "مساوی ({reason}).",
    "ending.count": "شمارش: سفید {white}، سیاه {black} (اسیرها به‌علاوهٔ مهره‌های دست حریف).",
    "ending.half_stone": "نیم‌مهره دست {player} است: تساوی به سود اوست.",
    "ending.points": "امتیاز: سفید {white}، سیاه {black} (۲ برای برد کامل). توپ‌ها: سفید {white_balls}، سیاه {black_balls}.",
    "ending.score": "نتیجهٔ نهایی: سیاه {black}، سفید {white} (مسابقه تا {target}).",
    "game.frozen": "بازی شمارهٔ {id} متوقف شد: حرکت‌های ذخیره‌شده به وضعیت ذخیره‌شده نمی‌رسند. مدیر بررسی می‌کند.",
    "game.none": "شما اینجا بازی‌ای ندارید. با 'play <بازی>' شروع کنید.",
    "game.not_found": "بازی شمارهٔ {id} وجود ندارد.",
    "game.not_here": "اینجا بازی شمارهٔ {id} نیست.",
    "game.not_yours": "این بازی شما نیست.",
    "game.not_yours_named": "این بازی شما نیست (#{id}: {white} – {black}).",
    "game.not_your_turn": "نوبت شما نیست: نوبت {player} است.",
    "game.changed": "پیش از رسیدن حرکت شما وضعیت تغییر کرد؛ دوباره به صفحه نگاه کنید.",
    "game.busy": "هم‌اکنون حرکت دیگری در بازی #{id} در حال انجام است؛ کمی بعد دوباره امتحان کنید.",
    "game.finished": "بازی شمارهٔ {id} تمام شده است.",
    "games.none": "بازی در جریانی ندارید.",
    "games.line": "#{id} {game} در برابر {opponent}: {turn}{clock}",
    "games.your_turn": "نوبت شما",
    "games.their_turn": "نوبت حریف",
    "games.clock": " ({left} مانده)",
    "resign.done": "{player} تسلیم شد.",
    "resign.confirm": "{player}، بازی شمارهٔ {id} در برابر {opponent} را واگذار می‌کنید؟ این کار برگشت‌پذیر نیست.",
    "button.resign": "بله، واگذار کن",
    "button.keep": "نه، ادامه بده",
    "button.play_anyway": "با این حال بازی کن",
    "confirm.kept": "بازی شمارهٔ {id} ادامه دارد.",
    "abort.done": "بازی شمارهٔ {id} پیش از شروع واقعی به دست {player} لغو شد. در رتبهٔ هیچ‌کس حساب نمی‌شود.",
    "abort.late": "بازی شمارهٔ {id} دیگر لغو نمی‌شود: شما در آن حرکت کرده‌اید. با 'resign' تمامش کنید.",
    "moves.list": "حرکت‌های بازی شمارهٔ {id}: {moves}",
    "moves.none": "در بازی شمارهٔ {id} هنوز حرکتی نیست.",
    "rematch.none": "اینجا بازی تمام‌شده‌ای از شما برای بازی دوباره نیست.",
    "move.loses": "مراقب باشید: پس از {move}، {opponent} با {reply} فوراً می‌برد. با این حال بازی شود؟",
    "move.loses_now": "مراقب باشید: {move} بازی را به زیان شما تمام می‌کند: {result} با این حال بازی شود؟",
    "takeback.asked": "{player} می‌خواهد حرکت آخرش را پس بگیرد. {opponent}، موافقید؟ ('takeback' یعنی موافقت)",
    "takeback.done": "حرکت‌های پس‌گرفته: {count} (حرکت شما و پاسخ‌های آن).",
    "takeback.rated": "در برابر ربات پس گرفتن حرکت فقط در بازی‌های بی‌رتبه است: 'play {game} bot unrated'. این بازی رتبه‌ای است.",
    "takeback.refused": "{player} با پس گرفتن حرکت موافقت نکرد.",
    "takeback.nothing": "حرکتی از شما برای پس گرفتن نیست.",
    "count.confirm_lose": "اگر الان شمرده شود، بازی شمارهٔ {id} را {mine}:{theirs} می‌بازید. با این حال متوقف و شمارش شود؟",
    "count.confirm_win": "اگر الان شمرده شود، بازی شمارهٔ {id} را {mine}:{theirs} می‌برید. متوقف و شمارش شود؟",
    "count.confirm_draw": "اگر الان شمرده شود، بازی شمارهٔ {id} با {mine}:{theirs} مساوی تمام می‌شود. متوقف و شمارش شود؟",
    "count.rated": "این بازی امتیازی است.",
    "button.count": "بله، بشمار",
    "draw.refused": "{player} بازی را ادامه می‌دهد: شمارشی در کار نیست.",
    "offer.own": "این پیشنهاد خودتان است: حریف‌تان به آن پاسخ می‌دهد.",
    "offer.gone": "به این پیشنهاد قبلاً پاسخ داده شده است.",
    "question.answered": "به این پرسش قبلاً پاسخ داده شده است.",
    "draw.not_here": "{game} مساوی ندارد.",
    "draw.asked": "{player} پیشنهاد می‌کند بازی متوقف و شمارش شود. {opponent}، موافقید؟ ('draw' یعنی موافقت)",
    "draw.bot_declines": "{bot} بازی را ادامه می‌دهد: اگر الان شمرده شود برنده نمی‌شود.",
    "export.done": "ثبت بازی شمارهٔ {id}:",
    "kamisado.refill": "{player} این دور را برد. {player}، ردیف‌های خانه از چپ پر شوند یا از راست؟",
    "kamisado.round": "دور {round} را {winner} برد ({reason}). امتیاز: سیاه {black} – سفید {white}.",
    "kamisado.tooth": "برج {colour} {player} یک دندان اژدها می‌گیرد: اکنون {teeth} دندان، به ارزش {points} امتیاز.",
    "kamisado.tower": "{player} باید برج {colour} (روی {square}) را حرکت دهد.",
    "kamisado.free": "{player} می‌تواند هر برجی را حرکت دهد.",
    "kamisado.match": "دور {round} · امتیاز: سیاه {black}، سفید {white} · مسابقه تا {target}.",
    "kamisado.pass": "برج {colour} {player} گیر افتاده است: {player} نوبتش را از دست می‌دهد.",
    "kamisado.push": (
        "سومو {colour} {player} این برج‌ها را یک خانه عقب راند: {towers}. {opponent} نوبتش را از دست می‌دهد: {player} "
        "دوباره با برج {next} حرکت می‌کند (رنگ خانه‌ای که دورترین برجِ رانده‌شده روی آن افتاد)."
    ),
    "kamisado.refilled": "{player} پر کردن ردیف‌های خانه را از سمت {side} انتخاب کرد.",
    "kamisado.refill_preview": "{choice} — ردیف {player} از a تا h: {row}",
    "legend.kamisado": "● سیاه  ○ سفید  دندان‌ها پس از رنگ؛  {codes}",
    "legend.ashtarashki": (
        "w/b: مهرهٔ سفید/سیاه و شماره‌اش؛ حرف بزرگ: یک بار عقب‌نشینی (V)؛ '-': شماره پوشیده (W)؛ *: به پایان رسیده"
    ),
    "legend.krepost": (
        "○ سفید: در دست {white_hand}، اسیر {white_prisoners} · ● سیاه: در دست "
        "{black_hand}، اسیر {black_prisoners} · بدون اسیر {quiet}/{count}"
        " · حلقهٔ قرمز در تصویر: مهرهٔ دسته‌ای محاصره‌شده (می‌توان آن را اسیر کرد)"
    ),
    "refill.left": "چپ",
    "refill.right": "راست",
    "button.left": "از چپ",
    "button.right": "از راست",
    "krepost.extra_turn": "{player} آخرین مهرهٔ یک دسته را گرفت و دوباره بازی می‌کند.",
    "move.ambiguous": "'{text}' با چند حرکت جور است؛ کدام یک؟",
    "move.hint_targets": "خانه‌های ممکن: {targets}.",
    "clock.reminder": "{player}، در بازی شمارهٔ {id} ({game}) نوبت شماست؛ {left} مانده.",
    "clock.final": "{player}، برای حرکت در بازی شمارهٔ {id} ({game}) فقط {left} مانده است!",
    "clock.lost": "وقت {player} در بازی شمارهٔ {id} تمام شد.",
    "option.shown": "{word} ({typed})",
    "option.single": "تک‌دور",
    "option.series": "سری",
    "option.standard": "مسابقهٔ استاندارد",
    "option.long": "مسابقهٔ بلند",
    "option.marathon": "ماراتن",
    "option.half": "نیم‌مهره",
    "option.3x2": "3x2",
    "option.3x3": "3x3",
    "time.none": "بدون محدودیت زمان",
    "time.per_move": "{time} برای هر حرکت",
    "duration.days": "{n} روز",
    "duration.hours": "{n} ساعت",
    "duration.minutes": "{n} دقیقه",
    "duration.seconds": "{n} ثانیه",
    "stats.header": "رتبه‌های {user}:",
    "stats.line": "{game} ({scope}): {rating} · بازی‌ها: {games}؛ برد: {wins}، باخت: {losses}، تساوی: {draws}",
    "stats.puzzles": "معماها: امتیاز {rating} · حل‌شده {solved} از {tried} · پیاپی {streak} (بهترین {best})",
    "stats.no_puzzles": "هنوز معمایی امتحان نشده: 'puzzle' یکی را شروع می‌کند.",
    "stats.none": "هنوز بازی رتبه‌بندی‌شده‌ای نیست.",
    "top.header": "بهترین بازیکنان {game} ({scope}):",
    "top.line": "{rank}. {user} {rating} ({games} بازی)",
    "top.none": "هنوز بازی رتبه‌بندی‌شده‌ای در {game} نیست.",
    "scope.all": "همه‌جا",
    "scope.chat": "این گفتگو",
    "reason.home_row": "یک برج به ردیف خانهٔ حریف رسید",
    "reason.deadlock": "بن‌بست",
    "reason.points": "رسیدن به امتیاز هدف",
    "reason.resignation": "تسلیم",
    "reason.time": "پایان وقت",
    "reason.no_stones": "حریف مهره‌ای ندارد: برد کامل",
    "reason.home": "مهره‌ها به ردیف پایانی رسیدند",
    "reason.liquidation": "آخرین مهرهٔ فعال حذف شد",
    "reason.blocked": "حریف حرکتی نداشت",
    "reason.fortress": "ورود به قلعهٔ خالی حریف",
    "reason.garrison": "گرفتن آخرین مهرهٔ پادگان",
    "reason.no_move": "حریف حرکتی نداشت",
    "reason.count": "شمارش پس از ۱۰۰ نوبتِ هر بازیکن بدون اسیر",
    "reason.agreed": "شمارش با توافق",
    "name.kamisado": "کامیسادو",
    "name.ashtarashki": "آشتاراشکی",
    "name.krepost": "قلعه",
    "side.white": "سفید",
    "side.black": "سیاه",
    "colour.brown": "قهوه‌ای",
    "colour.green": "سبز",
    "colour.red": "قرمز",
    "colour.yellow": "زرد",
    "colour.pink": "صورتی",
    "colour.purple": "بنفش",
    "colour.blue": "آبی",
    "colour.orange": "نارنجی",
    "rules.kamisado": (
        "کامیسادو (پیتر برلی). صفحهٔ رنگی ۸×۸؛ هر بازیکن ۸ برج دارد، از هر رنگ یکی، روی ردیف خانهٔ خودش. سیاه مسابقه "
        "را شروع می‌کند. حرکت اول هر دور آزاد است؛ پس از آن باید برجی را حرکت دهید که رنگش رنگ خانه‌ای است که حریف "
        "همین حالا روی آن رفت. برج‌ها مستقیم یا مورب به جلو، به هر فاصله، حرکت می‌کنند و نه روی برج دیگر می‌روند نه از "
        "رویش می‌پرند. برجی که گیر افتاده خودکار نوبت را از دست می‌دهد (رنگ خانه‌اش برج بعدی حریف را تعیین می‌کند). "
        "به ردیف خانهٔ حریف برسید تا دور را ببرید. اگر هیچ‌کس نتواند حرکت کند، کسی که آخرین حرکت واقعی را کرده می‌بازد "
        "(ما آن را با تکرار جفت «بازیکن و رنگ» در میان نوبت‌های ازدست‌رفته تشخیص می‌دهیم).\n"
        "مسابقه‌ها (۳، ۷ یا ۱۵ امتیاز): برج برنده یک دندان اژدها می‌گیرد به ارزش ۱، ۲، ۴، ۸ امتیاز؛ برنده پر کردن از چپ "
        "یا راست را انتخاب می‌کند و بازنده دور بعد را شروع می‌کند. برج‌های سومو حداکثر ۵/۳/۱ خانه می‌روند و می‌توانند "
        "۱/۲/۳ برج حریف با دندان کمتر را مستقیم یک خانه به عقب هل دهند، اما نه در حرکت اول دور؛ پس از هل دادن دوباره "
        "بازی می‌کنید. سری (گزینهٔ ما) دورهایی بدون دندان است تا ۳ برد، و شروع‌کننده نوبتی عوض می‌شود.\n"
        "نوشتن حرکت: 'بنفش چپ ۵'، '4' (مستقیم)، 'e5'، 'c1-e3'. '/1' به تنهایی دکمهٔ [/1] است (و '#2 /1' نخستین "
        "دکمهٔ بازی #2): برای حرکت بنویسید 'راست 1' یا '↗1'.\n"
        "قوانین کامل: docs/rules/kamisado.md"
    ),
    "rules.ashtarashki": (
        "آشتاراشکی (یوری خلفیان). خانه‌های تیرهٔ صفحهٔ ۸×۸؛ هر بازیکن ۱۲ مهرهٔ شماره‌دار (۱، ۲، ۳) دارد. سفید شروع "
        "می‌کند. مهره یک خانه مورب به جلو می‌رود یا مورب به عقب برمی‌گردد: بازگشت اول آن را برمی‌گرداند (V)، دوم "
        "شماره‌اش را می‌پوشاند (W) و سوم آن را حذف می‌کند. مهره‌ای که برنگشته (M) در هر چهار جهت مورب می‌گیرد و روی "
        "خانهٔ مهرهٔ حریف می‌رود: ۱ سه را می‌گیرد، ۳ دو را، ۲ یک را؛ مهرهٔ W را هر مهرهٔ M می‌گیرد. گرفتن اجباری است و "
        "زنجیره با همان مهره ادامه می‌یابد (شاخه را شما انتخاب می‌کنید؛ گرفتن وضعیت مهرهٔ گیرنده را عوض نمی‌کند). "
        "مهره‌ای که به ردیف اول حریف برسد تمام‌شده است: حرکت نمی‌کند، گرفته نمی‌شود و زنجیره همان‌جا می‌ایستد. برنده "
        "می‌شوید اگر حریف مهره‌ای نداشته باشد (برد کامل، ۲ امتیاز)، اگر چهار مهره‌تان (یا همه، اگر کمترند) برسند، یا "
        "اگر حریف حرکتی نداشته باشد؛ اگر یکی کمتر از چهار مهره داشته باشد و تعدادها فرق کنند، هر که مهرهٔ بیشتری دارد "
        "می‌برد. امتیاز فرعی: ۳/۲/۱ برای هر مهرهٔ رسیدهٔ M/V/W.\nقوانین کامل: docs/rules/ashtarashki.md"
    ),
    "rules.krepost": (
        "قلعه (کنستانتین بویاندین). صفحهٔ ۱۲×۱۲؛ هر بازیکن ۴۸ مهره در دست دارد و یک قلعهٔ دیواردار ۳×۲ (به انتخاب ۳×۳) "
        "با یک ورودی در گوشهٔ راستش. سفید شروع می‌کند. هر نوبت: یک مهره روی ردیف‌های ۱ تا ۴ خودتان بگذارید (سیاه ۹ تا ۱۲، "
        "قلعهٔ خودتان هم حساب است)، یک مهره را یک خانه افقی یا عمودی ببرید، یا هر چند بار که خواستید از روی مهره‌های "
        "خودتان بپرید (بدون بازگشت به خانهٔ رفته و نه از روی دیوار). دسته‌ای که از خانه‌های خالی کنارش هیچ راه آزادی به "
        "لبهٔ صفحه بیرون از قلعه‌ها ندارد محاصره است؛ دیوار لبه نیست، پس پادگان همین که مهره‌ای جلوی ورودی بایستد محاصره "
        "می‌شود — حتی مهرهٔ خودتان، اگر به پادگان وصل نباشد. پس از هر نوبت باید یک مهره از دستهٔ محاصره‌شدهٔ حریف را اسیر "
        "کنید؛ گرفتن آخرین مهرهٔ یک دسته یک نوبت اضافه می‌دهد. برد: ورود به قلعهٔ خالی حریف، گرفتن آخرین مهرهٔ پادگان، یا "
        "وقتی حریف حرکتی ندارد. پس از ۱۰۰ نوبتِ هر بازیکن (۲۰۰ در کل) بدون اسیر (یا "
        "با توافق: 'draw') شمارش می‌شود: اسیرها به‌علاوهٔ مهره‌های "
        "در دست حریف؛ با نیم‌مهره، تساوی به سود بازیکن دوم است.\nقوانین کامل: docs/rules/krepost.md"
    ),
    # administrators and vacations
    "help.admin": (
        "برای مدیران گفتگو: 'admin abort #<بازی> [دلیل]' بازی خراب را بدون نتیجه تمام می‌کند؛ 'admin deadline "
        "#<بازی> 2d' به بازیکنِ نوبت این مقدار وقت می‌دهد؛ 'admin evidence #<بازی>' نشان می‌دهد چرا بازی متوقف "
        "شد."
    ),
    "help.vacation": (
        "vacation — چند روز مرخصی امسال برایتان مانده است ({days} روز در سال)؛ 'vacation 5d' ساعت همهٔ "
        "بازی‌هایتان را پنج روز نگه می‌دارد؛ 'vacation end' آن را زودتر تمام می‌کند."
    ),
    "admin.denied": "فقط مدیران گفتگو می‌توانند این کار را بکنند.",
    "admin.elsewhere": "بازی #{id} در این گفتگو بازی نمی‌شود.",
    "admin.aborted": "بازی #{id} را {admin} لغو کرد{reason}. در رتبهٔ هیچ‌کس حساب نمی‌شود.",
    "admin.not_active": "بازی #{id} در جریان نیست (وضعیت: {status}).",
    "admin.no_clock": "بازی #{id} ساعت ندارد.",
    "admin.deadline": "{admin} مهلت بازی #{id} را تغییر داد: {player} برای حرکت بعد {left} وقت دارد.",
    "admin.not_frozen": "بازی #{id} متوقف نیست: حرکت‌هایش به همان وضعیت می‌رسند.",
    "admin.evidence": (
        "بازی #{id} متوقف شده است: {problem}\nحرکت‌های ثبت‌شده: {count}؛ آخرین‌ها: {last}.\nتفاوت وضعیت "
        "ذخیره‌شده با وضعیت بازسازی‌شده: {fields}.\nبرای پایان دادن: 'admin abort #{id}'."
    ),
    "vacation.status": (
        "امسال {left} مرخصی برایتان مانده است{current}. 'vacation 5d' مرخصی را شروع می‌کند؛ 'vacation end' "
        "آن را زودتر تمام می‌کند."
    ),
    "vacation.current": " (تا {until} در مرخصی هستید)",
    "vacation.bad": "بگویید چقدر، مثلاً 'vacation 5d' یا 'vacation 36h' (دست‌کم یک ساعت).",
    "vacation.too_long": "این بیش از {left} مرخصی باقی‌ماندهٔ امسال شماست.",
    "vacation.already": "شما تا {until} در مرخصی هستید؛ 'vacation end' آن را تمام می‌کند.",
    "vacation.none": "شما در مرخصی نیستید.",
    "vacation.started": ("{player} تا {until} در مرخصی است: ساعت بازی‌هایش متوقف شد ({used} از {limit} روز امسال استفاده شده)."),
    "vacation.ended": "{player} برگشت: ساعت بازی‌هایش دوباره کار می‌کند ({used} از {limit} روز امسال استفاده شده).",
    "vacation.paused": "{opponent}: {player} تا {until} در مرخصی است؛ ساعت بازی #{id} منتظر او می‌ماند.",
    "vacation.resumed": "{opponent}: {player} از مرخصی برگشت؛ ساعت بازی #{id} دوباره کار می‌کند.",
    # the command menus of the platforms
    "menu.play": "شروع بازی: /play kamisado bot",
    "menu.move": "انجام حرکت",
    "menu.board": "نمایش صفحه",
    "menu.games": "بازی‌های شما",
    "menu.resign": "تسلیم",
    "menu.takeback": "درخواست پس گرفتن حرکت",
    "menu.export": "ثبت بازی",
    "menu.rules": "قوانین بازی",
    "menu.help": "همهٔ فرمان‌ها",
    "menu.lang": "زبان: en ru fa hu",
    "menu.settings": "تنظیمات",
    "menu.stats": "رتبه‌های شما",
    "menu.top": "بهترین بازیکنان",
    "menu.vacation": "مرخصی: /vacation 5d",
    "menu.admin": "برای مدیران گفتگو",
    "menu.moves": "حرکت‌های بازی",
    "menu.abort": "لغو بازی پیش از نخستین حرکت شما",
    "menu.rematch": "بازی آخر دوباره با رنگ‌های جابه‌جا",
    # move examples
    "examples.kamisado": "'بنفش l5' (برج، جهت، فاصله)، '4' (مستقیم)، 'e5' (یک خانه)، 'c1-e3'",
    "examples.ashtarashki": "'c3-d4'، 'M3d4'، 'd4:c5:b6' (زنجیرهٔ گرفتن)",
    "examples.krepost": "'@e4' (گذاشتن)، 'e4-e5' (گام)، 'e4-e6-g6' (پرش‌ها)، 'e4-e5 xf7' (با اسیر)",
    "language.name": "فارسی",
    # the terminal chat
    "console.welcome": (
        "ربات بازی‌های رومیزی — گفت‌وگو در ترمینال. امتحان کنید: 'play kamisado bot'، 'play ashtarashki bot "
        "level=easy'، 'help'."
    ),
    "console.welcome_more": (
        "دو بازیکن پشت یک صفحه‌کلید: 'play krepost @bob'، سپس 'as bob' و 'accept'؛ 'as نام' نویسنده را عوض "
        "می‌کند. '/3' دکمهٔ [/3] را می‌زند (عدد تنها یک حرکت است: '4' در کامیسادو یعنی مستقیم به جلو). 'quit'"
        " برای خروج."
    ),
    "console.help": "اینجا در ترمینال: '/3' دکمهٔ [/3] را می‌زند · 'as نام' نویسنده را عوض می‌کند · 'quit' برای خروج.",
    "console.help_quit": "'quit' (یا 'exit' یا Ctrl-D) گفت‌وگوی ترمینال را می‌بندد؛ بازی‌ها تا اجرای بعدی نگه داشته می‌شوند.",
    "console.help_as": (
        "'as نام' یعنی خط‌های بعدی را «نام» می‌نویسد: دو بازیکن پشت یک صفحه‌کلید ('play krepost @bob'، سپس"
        " 'as bob' و 'accept')."
    ),
    "console.name_is_square": "'{name}' خانه‌ای از صفحه خوانده می‌شود و نمی‌تواند نام باشد: نام دیگری برگزینید.",
    "console.thinking": "ربات در حال فکر کردن است…",
    "console.typing_as": "(اکنون {name} می‌نویسد)",
    "console.other_picture": "[تصویر: {path}]",
    "console.picture": "[تصویر صفحه: {path}]",
    "console.to_only": "(فقط برای {name})",
    "diagram.last_moves": "آخرین حرکت‌ها: {moves}",
    "game.not_your_turn_in": "در {games} نوبت شما نیست.",
    "move.counted": "مراقب باشید: پس از {move} شمارش انجام می‌شود: {result} با این حال بازی شود؟",
    "time.unlimited": "بدون محدودیت",
    "board.new": "پیامی تازه برای هر حرکت",
    "board.edit": "یک پیام که ویرایش می‌شود",
    "games.vacation": " · {player} تا {until} در مرخصی است",
    "span.days": "{n} روز",
    "span.hours": "{n} ساعت",
    "menu.replay": "بازی به صورت پویانمایی: replay #12",
    "replay.none": "اینجا بازی‌ای از شما برای بازپخش نیست: 'replay #<شماره>' هر بازی این گفتگو را بازپخش می‌کند.",
    "replay.caption": "بازپخش بازی #{id}: {game}، {white} (سفید) در برابر {black} (سیاه)، {plies} نوبت.",
    "replay.start": "{game}: آغاز",
    "replay.move": "{number}/{total} · {player}: {move}",
    "replay.going_on": "پس از {total} نوبت: بازی ادامه دارد",
    "console.replay": "[بازپخش: {path} — آن را در مرورگر یا نمایشگر تصویر باز کنید]",
    "menu.review": "بازی کجا برده و باخته شد: review #12",
    "review.none": (
        "اینجا بازی تمام‌شده‌ای از شما برای بررسی نیست: 'review #<شماره>' هر بازی تمام‌شدهٔ این گفتگو را "
        "بررسی می‌کند."
    ),
    "review.not_finished": "بازی #{id} هنوز ادامه دارد: بررسی اکنون کمک به بازیکن است. پس از پایان آن دوباره بخواهید.",
    "review.started": "در حال بررسی بازی #{id}: {turns} نوبت، حدود {seconds} ثانیه. 'review cancel' آن را متوقف می‌کند.",
    "review.busy": "در این گفتگو یک بررسی در جریان است (هر بار یکی): 'review cancel' آن را متوقف می‌کند.",
    "review.cancelled": "بررسی لغو شد.",
    "review.nothing": "اینجا بررسی‌ای در جریان نیست.",
    "review.failed": "بررسی بازی #{id} انجام نشد؛ بعداً دوباره بخواهید.",
    "review.title": "بررسی بازی #{id} ({game}): {white} (سفید) در برابر {black} (سیاه).",
    "review.tally": "{player}: بهترین {best} · خوب {good} · بی‌دقتی {inaccuracy} · اشتباه {mistake} · اشتباه بزرگ {blunder}",
    "review.worst": "پرهزینه‌ترین حرکت‌های {player}:",
    "review.line": "  {ply}. {move}: {verdict}؛ بهتر: {better}",
    "review.proven": " (اثبات‌شده: یک موقعیت برده از دست رفت)",
    "review.note.prisoner_given": " (یک اسیر را مفت از دست می‌دهد)",
    "review.clean": "{player}: موتور هیچ بی‌دقتی‌ای نیافت.",
    "verdict.best": "بهترین",
    "verdict.good": "خوب",
    "verdict.inaccuracy": "بی‌دقتی",
    "verdict.mistake": "اشتباه",
    "verdict.blunder": "اشتباه بزرگ",
    "review.comments": "داوری‌های بررسی (حرکت با شمارهٔ آن در نگارش بازی، داوری، حرکت بهتر):",
    "review.graph.title": "شانس برد سفید",
    "review.graph.percent": "{value}٪",
    "review.graph.round": "دور {number}",
    "review.graph.mistake": "اشتباه",
    "review.graph.blunder": "اشتباه بزرگ",
    "review.graph.decisive": "حرکت تعیین‌کننده: {ply}. {move}",
    "review.progress": "بررسی بازی #{id}: {percent}٪ انجام شد. 'review cancel' آن را متوقف می‌کند.",
    "help.puzzle": (
        "puzzle [بازی] [easy|normal|hard] — یک معما برای گفتگو: هر کس می‌تواند با یک حرکت (نوشته یا دکمه) "
        "پاسخ دهد و ربات دفاع می‌کند. 'puzzle hint' مهره را می‌گوید، 'puzzle solution' راه‌حل را نشان می‌دهد، "
        "'puzzle new' معمای دیگری می‌دهد، 'top puzzles' بهترین حل‌کنندگان. معمای روز: 'settings chat puzzle "
        "daily 09:00'."
        " 'puzzle <حرکت>' وقتی حرکت به بازی خودتان هم می‌خورد، به معما پاسخ می‌دهد. یک موضوع ('puzzle "
        "ashtarashki clean') یا یک شماره ('puzzle krepost 12'، برای هم‌رسانی) معما را برمی‌گزیند."
    ),
    "menu.puzzle": "یک معما: /puzzle kamisado hard",
    "puzzle.title": "معمای {game} شمارهٔ {number} · {difficulty} · امتیاز {rating} · {theme}",
    "puzzle.goal.round": "نوبت {side}: دور را در {n} حرکت ببرید.",
    "puzzle.goal.win": "نوبت {side}: در {n} حرکت ببرید.",
    "puzzle.goal.prisoner": "نوبت {side}: در {n} نوبت یک اسیر بگیرید.",
    "puzzle.goal.clean": "نوبت {side}: در {n} حرکت برد کامل بگیرید (همهٔ مهره‌های حریف را بزنید).",
    "puzzle.easy": "آسان",
    "puzzle.normal": "متوسط",
    "puzzle.hard": "دشوار",
    "puzzle.theme.race": "مسابقه تا ردیف آخر",
    "puzzle.theme.deadlock": "بن\u200cبست",
    "puzzle.theme.sumo": "هل دادن سومو",
    "puzzle.theme.clean": "برد کامل",
    "puzzle.theme.blockade": "محاصره",
    "puzzle.theme.combination": "ترکیب",
    "puzzle.theme.endgame": "آخر بازی",
    "puzzle.theme.prisoner": "اسیر",
    "puzzle.theme.fortress": "ورود به دژ",
    "puzzle.theme.garrison": "سقوط پادگان",
    "puzzle.how": "هر کس می\u200cتواند پاسخ دهد: حرکت را بنویسید یا دکمه را بزنید. 'puzzle hint' · 'puzzle solution'.",
    "puzzle.open": "این معما هنوز باز است: حلش کنید، یا 'puzzle solution' · 'puzzle new'.",
    "puzzle.none": "معمای {game} از این نوع نداریم.",
    "puzzle.no_number": "معماهای {game} از ۱ تا {last} هستند: شمارهٔ {number} نیست.",
    "puzzle.right": "✔ {user}: {move}. {side} پاسخ می\u200cدهد {reply}.",
    "puzzle.right_again": "✔ {user}: {move}. دوباره حرکت کنید.",
    "puzzle.too_late": "دیر شد: این گام معما بازی شده است (یا معما بسته شده).",
    "puzzle.solved": "🏆 {user} معما را با {move} حل کرد!",
    "puzzle.line": "راه\u200cحل: {line}",
    "puzzle.refuted": "✘ {move} کار نمی‌کند: {side} پاسخ می‌دهد {reply} و {lost}.",
    "puzzle.not_in_time": "✘ {move}: {lost}.",
    "puzzle.not_at_once.win": "✘ {move} بی‌درنگ نمی‌برد.",
    "puzzle.not_at_once.round": "✘ {move} دور را بی‌درنگ نمی‌برد.",
    "puzzle.not_at_once.prisoner": "✘ {move} بی‌درنگ اسیری نمی‌گیرد.",
    "puzzle.not_at_once.clean": "✘ {move} بی‌درنگ برد کامل نمی‌دهد.",
    "puzzle.lost.win": "دیگر بردی در {n} نوبت نیست",
    "puzzle.lost.round": "دیگر دور در {n} نوبت برده نمی‌شود",
    "puzzle.lost.prisoner": "دیگر اسیری در {n} نوبت گرفته نمی‌شود",
    "puzzle.lost.clean": "دیگر برد کاملی در {n} نوبت نیست",
    "puzzle.again": "وضعیت همان است: دوباره بکوشید.",
    "puzzle.standing": "{user}: امتیاز معما {rating}، پیاپی {streak}.",
    "puzzle.hint": "راهنما: مهرهٔ {square} را حرکت دهید.",
    "puzzle.hint_row": "راهنما: حرکت برنده در ردیف {row} تمام می‌شود.",
    "puzzle.hint_file": "راهنما: حرکت برنده در ستون {file} تمام می‌شود.",
    "puzzle.hint_place": "راهنما: سنگی از دست در ردیف {row} بگذارید.",
    "puzzle.solution": "راه\u200cحل: {line}",
    "puzzle.daily": "معمای روز، {day}:",
    "puzzle.solved_by": "حل\u200cکننده: {users}.",
    "puzzle.unsolved": "کسی حلش نکرد.",
    "puzzle.yesterday": "معمای دیروز ({game} شمارهٔ {number}): {line}",
    "puzzle.nothing_open": "اینجا معمای بازی نیست: 'puzzle' یکی می\u200cآورد.",
    "puzzle.illegal": "معما: {why}",
    "puzzle.usage": (
        "puzzle [بازی] [easy|normal|hard] [موضوع] · puzzle <بازی> <شماره> · "
        "puzzle hint · puzzle solution · puzzle new"
    ),
    "puzzle.any_game": "هر بازی",
    "settings.puzzle_daily": "هر روز ساعت {at} ({game})",
    "top.puzzles": "بهترین حل\u200cکنندگان معما ({scope}):",
    "top.puzzle_unrated": "{count} معمای دیگر بدون امتیاز حل شد (پس از راهنمایی یا تلاش نادرست)",
    "top.puzzle_line": "{rank}. {user} — {rating} · {solved} از {tried} حل شده · پیاپی {streak} (بهترین {best})",
    "top.no_puzzles": "هنوز کسی معمایی حل نکرده: 'puzzle' یکی می\u200cآورد.",
    "help.tournament": (
        "tournament new <بازی> [گزینه‌ها] [swiss rounds=5 | roundrobin | double] [time=1d] [rated] — برگزاری مسابقه "
        "در این گفتگو؛ 'tournament join' برای ثبت‌نام ('tournament join bot hard' ربات را در آن سطح ثبت‌نام می‌کند)، "
        "'tournament leave' برای کناره‌گیری (پس از شروع، بازی‌های باقی‌مانده باخت حساب می‌شوند)، 'tournament start' "
        "جفت‌بندی دور اول (برگزارکننده یا مدیر گفتگو)، 'tournament' جدول، 'tournament cancel' لغو. بازی‌های هر دور با "
        "هم و با ساعت شروع می‌شوند؛ وقتی آخرینشان تمام شود، دور بعد جفت‌بندی می‌شود. برد ۱ امتیاز، مساوی ½، باخت (با وقت یا "
        "کناره‌گیری هم) ۰، استراحت در سوئیسی ۱ (در دوره‌ای ۰). تساوی: سونبورن–برگر (دوره‌ای)؛ بوخهولتس بدون کمترین، "
        "سپس نتیجهٔ رودررو (سوئیسی)."
    ),
    "menu.tournament": "مسابقه در این گفتگو: /tournament new kamisado swiss rounds=5",
    "tournament.usage": (
        "tournament new <بازی> [گزینه‌ها] [swiss rounds=5 | roundrobin | double] [time=1d] [rated] · tournament join "
        "[bot <سطح>] · tournament leave · tournament start · tournament · tournament cancel"
    ),
    "tournament.none": "اینجا مسابقه‌ای نیست. برگزار کنید: 'tournament new kamisado swiss rounds=5 time=1d'.",
    "tournament.exists": "این گفتگو مسابقه‌ای دارد: 'tournament' آن را نشان می‌دهد.",
    "tournament.created": (
        "🏆 {creator} مسابقهٔ #{id} را برگزار کرد: {game} — {terms}. ثبت‌نام: 'tournament join'؛ "
        "{creator} با 'tournament start' آن را شروع می‌کند."
    ),
    "tournament.rated": "رتبه‌ای",
    "tournament.entries": (
        "مسابقهٔ #{id}: {game} — {terms}. {count} بازیکن: {players}. "
        "ثبت‌نام: 'tournament join'؛ {creator} با 'tournament start' آن را شروع می‌کند."
    ),
    "tournament.begun": "مسابقهٔ #{id} شروع شده است: دیگر نمی‌توان ثبت‌نام کرد.",
    "tournament.changed": "مسابقه در این میان تغییر کرد (کسی ثبت‌نام کرد، کنار رفت، آن را شروع یا لغو کرد)؛ دوباره امتحان کنید.",
    "tournament.full": "مسابقهٔ #{id} پر است ({most} بازیکن).",
    "tournament.in_already": "{player} از قبل در مسابقهٔ #{id} است.",
    "tournament.joined": "{player} در مسابقهٔ #{id} ثبت‌نام کرد ({count} بازیکن).",
    "tournament.not_in": "{player} در مسابقهٔ #{id} بازی نمی‌کند.",
    "tournament.left": "{player} از مسابقهٔ #{id} کنار رفت.",
    "tournament.not_creator": "این کار فقط از {creator} (برگزارکننده) یا مدیر گفتگو برمی‌آید.",
    "tournament.too_few": "مسابقهٔ #{id} دست‌کم {fewest} بازیکن لازم دارد؛ اکنون {count} است.",
    "tournament.fewer_rounds": (
        "{asked} دور خواسته شد، اما {count} بازیکن بدون دیدار تکراری فقط {rounds} دور می‌توانند بازی کنند: "
        "{rounds} دور برگزار می‌شود."
    ),
    "tournament.cancelled": "مسابقهٔ #{id} لغو شد. بازی‌های شروع‌شده مانند بازی‌های معمولی ادامه می‌یابند.",
    "tournament.swiss": "سوئیسی، {rounds} دور",
    "tournament.roundrobin": "دوره‌ای",
    "tournament.double": "دوره‌ای دوطرفه",
    "tournament.sb": "SB",
    "tournament.buchholz": "بوخهولتس",
    "tournament.out": "(کناره‌گیری)",
    "tournament.line": "{rank}. {player} — {points} ({tiebreak} {value})، {games} بازی",
    "tournament.stage": "دور {round} از {rounds}",
    "tournament.status.open": "در حال ثبت‌نام",
    "tournament.status.finished": "جدول نهایی",
    "tournament.status.cancelled": "لغو شده",
    "tournament.title": "مسابقهٔ #{id} · {game}",
    "tournament.col.rank": "#",
    "tournament.col.player": "بازیکن",
    "tournament.col.points": "امتیاز",
    "tournament.col.games": "بازی",
    "tournament.round": "🏆 مسابقهٔ #{id}، دور {round} از {rounds}:",
    "tournament.game": "مسابقهٔ #{id}، دور {round} از {rounds}.",
    "tournament.bye": "{player}: استراحت ({points})",
    "tournament.forfeit": "{white} – {black}: {score}، بدون بازی (کناره‌گیری)",
    "tournament.pairing": "#{id} {white} – {black}",
    "tournament.finished": "🏆 مسابقهٔ #{id} تمام شد. {count:برنده|برندگان}: {winners}!",
    "tournament.withdrew": "{player} از مسابقهٔ #{id} کناره‌گیری کرد: بازی‌های باقی‌مانده‌اش باخت است.",
    "tournament.forfeited": "{player} از مسابقه کناره‌گیری کرد: این بازی باخت است.",
    "tournament.bad_rounds": "'{option}': تعداد دورها عددی صحیح از ۱ تا {most} است.",
    "tournament.leave_confirm": (
        "{player}، از مسابقهٔ شمارهٔ {id} کناره می‌گیرید؟ بازی جاری‌تان باخت حساب می‌شود{later}. این کار"
        " برگشت‌پذیر نیست."
    ),
    "tournament.leave_confirm_free": "{player}، از مسابقهٔ شمارهٔ {id} کناره می‌گیرید؟ {later} این کار برگشت‌پذیر نیست.",
    "tournament.leave_free_roundrobin": "همهٔ بازی‌های بعدی‌تان باخت حساب می‌شود.",
    "tournament.leave_free_swiss": "دیگر برایتان حریفی تعیین نمی‌شود.",
    "tournament.leave_later_roundrobin": " و همهٔ بازی‌های بعدی هم",
    "tournament.leave_later_swiss": " و دیگر برایتان حریفی تعیین نمی‌شود",
    "tournament.stays": "{player} در مسابقهٔ شمارهٔ {id} می‌ماند.",
    "tournament.now": "دور {round}:",
    "tournament.playing": "در جریان",
    "button.withdraw": "بله، کناره می‌گیرم",
    "button.stay": "نه، می‌مانم",
    "tournament.no_abort": "بازی #{id} بازی مسابقه است و لغو نمی‌شود: تسلیم شوید یا ادامه دهید.",
    "scoring.kamisado": (
        "در مسابقه، بازی بر پایهٔ برنده شمرده می‌شود: بردن مسابقهٔ امتیازی (یا سری، یا یک دست) ۱ امتیاز و باختن آن ۰ "
        "است، هر اختلافی که باشد."
    ),
    "scoring.ashtarashki": (
        "در مسابقه، بازی بر پایهٔ برنده شمرده می‌شود: برد ۱ امتیاز (برد پاک با ۲ امتیاز هم ۱)، باخت ۰؛ توپ‌ها شمرده "
        "نمی‌شوند."
    ),
    "scoring.krepost": (
        "در مسابقه، بازی بر پایهٔ نتیجه شمرده می‌شود: برد ۱ امتیاز، چه با دژ، چه با پادگان، چه با حریف بسته یا با "
        "شمارش؛ مساوی (شمارش برابر بدون نیم‌سنگ) ½؛ باخت ۰."
    ),
    # the web pages
    "web.position": "صفحه پس از حرکت {ply}",
    "web.start": "صفحه در آغاز",
    "web.moves": "حرکت\u200cها",
    "web.round": "دور {number}",
    "web.first": "آغاز",
    "web.previous": "قبلی",
    "web.next": "بعدی",
    "web.last": "آخرین",
    "web.diagram": "صفحه به صورت متن",
    "web.live": "زنده: حرکت\u200cهای تازه خودشان اینجا می\u200cآیند.",
    "web.review": "بررسی",
    "web.no_moves": "هنوز حرکتی نیست.",
    "web.chat_title": "بازی\u200cهای این گفتگو",
    "web.chat_link": "همهٔ بازی\u200cهای این گفتگو",
    "web.no_games": "هنوز بازی\u200cای نیست.",
    "web.standings": "مسابقه",
    "web.not_found": "چنین صفحه\u200cای نیست. شاید پیوند نادرست باشد یا گفتگو صفحه\u200cهایش را برداشته باشد.",
    "web.bad_ply": "این بازی چنین حرکتی ندارد.",
    "web.unavailable": (
        "بازی‌ها لحظه‌ای در دسترس نیستند (پایگاه داده پاسخ نمی‌دهد)؛ چیزی تغییر نکرد. کمی بعد "
        "دوباره بکوشید."
    ),
    "web.too_many": "درخواست\u200cهای زیادی از نشانی شما آمده است: یک دقیقه صبر کنید و دوباره بکوشید.",
    "web.link": "صفحهٔ بازی",
    "web.terminal_link": "در مرورگر ببینید: {url}",
    "web.challenges": "دعوت‌های باز",
    "web.challenge": "{challenger}: {game} ({options})",
    "web.challenges_sign_in": (
        "برای پذیرفتن یک دعوت در اینجا، اول وارد شوید: در گفتگوی خصوصی به ربات بنویسید 'signin' (در تلگرام یا "
        "دیسکورد)، پیوندی را که می‌دهد باز کنید و به این صفحه برگردید. آنگاه بازی در گفتگوی خصوصی شما با ربات "
        "انجام می‌شود."
    ),
    "web.no_pages": "صفحه‌های بازی برای این ربات راه‌اندازی نشده‌اند.",
    "web.signin": (
        "ورود به صفحه‌های بازی: {url}\nاین پیوند شما را در دستگاهی که آن را باز می‌کنید وارد می‌کند. فقط یک بار و "
        "تا {minutes} دقیقه کار می‌کند: آن را به کسی ندهید."
    ),
    "web.signin_not_sent": (
        "{user}: هنوز نمی‌توانم به‌طور خصوصی برایتان بنویسم، پس پیوند ورود فرستاده نشد (اینجا هرگز نشان داده نمی‌شود). "
        "با من گفت‌وگوی خصوصی باز کنید و آنجا 'signin' بنویسید."
    ),
    "web.signin_sent": "{user}: پیوند ورود را به‌طور خصوصی برایتان فرستادم (اگر نرسید، در گفتگوی خصوصی برایم بنویسید 'signin').",
    "menu.signin": "پیوندی خصوصی برای ورود به صفحه‌های بازی",
    "help.signin": (
        "signin — پیوندی خصوصی و یک‌بارمصرف برای ورود به صفحه‌های بازی (برای پذیرفتن دعوت در صفحهٔ یک گفتگو، یا "
        "بازی با لمس). فقط یک بار و تا ۱۰ دقیقه کار می‌کند و هرگز در گروه نشان داده نمی‌شود."
    ),
    "web.accept_on_page": "بازی در صفحه",
    "web.share": "صفحهٔ بازی: {url}",
    "web.play.go_latest": "نوبت شماست: برای حرکت به آخرین وضعیت (») بروید.",
    "web.puzzle_link": "حل در صفحه",
    "web.puzzle_done": "این معما تمام شد: این پایان راه‌حل آن است.",
    "web.puzzle_none": "در این گفت‌وگو معمایی باز نیست: با «puzzle» یکی را شروع کنید.",
    "web.puzzle_title": "معما",
    "web.play.hint": "راهنمایی",
    "web.play.solution": "نشان دادن راه‌حل",
    "web.play.offer_takeback": "{player} می‌خواهد آخرین حرکتش را پس بگیرد.",
    "web.play.offer_draw": "{player} پیشنهاد می‌کند بازی را نگه داریم و بشماریم.",
    "web.play.offer_waiting": "از {opponent} پرسیدید؛ در انتظار پاسخ.",
    "web.play.accept": "پذیرفتن",
    "web.play.decline": "نپذیرفتن",
    "web.play.rematch": "بازی دوباره",
    "web.play.review": "بررسی بازی",
    "web.play.game_over": "بازی تمام شد.",
    "web.play.not_member": "تنها اعضای این گفتگو به معمای آن پاسخ می‌دهند. یک بار در گفتگو بنویسید و دوباره بکوشید.",
    "web.play.hint_refill": "این دور را بردید: ردیف‌های خانه را از چپ یا از راست پر کنید (دکمه‌های پایین).",
    "web.play.hint_extra_turn": "اسیری گرفتید: این نوبت اضافهٔ شماست.",
    "web.play.hint_capture": "زدن واجب است: مهره‌ای را بزنید که می‌تواند بزند.",
    "web.play.chain": "زدن ادامه دارد: تنها راه ادامه برگزیده شد؛ خانهٔ بعدی را بزنید.",
    "web.play.loupe_hint": "روی صفحه بزنید: خانه‌های دور جایی که زدید پایین‌تر بزرگ‌تر نشان داده می‌شوند و حرکت را آنجا می‌زنید.",
    "web.play.loupe_open": "بزرگ‌تر در پایین، دور {square}: حرکت را آنجا بزنید یا برای جای دیگر روی صفحه بزنید.",
    "web.play.loupe_close": "بستن نمای بزرگ",
    "web.play.sign_out": "خروج",
    "web.play.next_puzzle": "معمای بعدی",
    "web.play.resign": "واگذاری",
    "web.play.count": "توقف و شمارش",
    "web.play.takeback": "درخواست پس گرفتن حرکت",
    "web.play.signin": (
        "در صفحهٔ بازی بازی کنید: {url}\nاین پیوند شما را در همان دستگاهی که آن را باز می‌کنید وارد می‌کند. فقط یک "
        "بار و تا {minutes} دقیقه کار می‌کند: آن را به کسی ندهید."),
    "web.play.not_player": "فقط بازیکنان این بازی می‌توانند اینجا حرکت کنند؛ شما تماشاگرید.",
    "web.play.other_platform": "با حساب برنامهٔ دیگری جز گفت‌وگوی این بازی وارد شده‌اید: از گفت‌وگوی خود بازی بازی کنید.",
    "web.play.bad_request": "این درخواست خوانده نشد: صفحه را دوباره بارگذاری کنید.",
    "web.play.signed_out": "وارد نشده‌اید: صفحه را از گفت‌وگوی بازی باز کنید.",
    "web.play.forged": "این درخواست از این صفحه نیامده است: آن را دوباره بارگذاری کنید.",
    "web.play.too_fast": "حرکت‌های زیادی با هم: کمی صبر کنید.",
    "web.play.telegram_refused": "ورود از تلگرام بررسی نشد: بازی را دوباره از تلگرام باز کنید.",
    "web.play.telegram_expired": "ورود از تلگرام قدیمی است: بازی را دوباره از تلگرام باز کنید.",
    "web.play.signin_title": "ورود به صفحه‌های بازی",
    "web.play.signin_confirm": "این پیوند یک بار شما را در این مرورگر به صفحه‌های بازی وارد می‌کند. برای ورود دکمه را بزنید.",
    "web.play.signin_button": "ورود",
    "web.play.signin_used": "این پیوند ورود پیش‌تر به کار رفته است. با «board» در گفت‌وگوی بازی پیوند تازه بخواهید.",
    "web.play.signin_expired": "مهلت این پیوند ورود تمام شده است. با «board» در گفت‌وگوی بازی پیوند تازه بخواهید.",
    "web.play.signin_unknown": "این پیوند ورود معتبر نیست.",
    "web.play.your_turn": "نوبت شماست: روی یک مهره بزنید، سپس روی خانه‌ای که می‌رود.",
    "web.play.waiting": "نوبت حریف است.",
    "web.play.undo": "برگرداندن",
    "web.play.finish": "حرکت همین‌جا تمام شود",
    "web.play.signed_in_as": "با نام {name} وارد شده‌اید.",
    "web.play.watching": "با نام {name} وارد شده‌اید: این بازی را تماشا می‌کنید.",
    "web.play.sending": "در حال فرستادن…",
    "web.play.sign_in_hint": (
        "بازیکنان پس از باز کردن صفحه از گفت‌وگوی بازی اینجا حرکت می‌کنند (در تلگرام با دکمهٔ آن، جاهای دیگر با "
        "پیوندی که «board» به‌طور خصوصی برایتان می‌فرستد)."),
    "web.play.failed": "حرکت فرستاده نشد: اتصال خود را بررسی کنید و دوباره امتحان کنید.",
    "web.play.your_games": "بازی‌های شما",
    "web.play.no_games": "بازی در جریانی ندارید. در یک گفت‌وگو با «play» یکی را شروع کنید.",
    "web.play.your_move": "نوبت شما",
    "web.play.their_move": "نوبت حریف",
    "web.play.opening": "در حال ورود…",
    "settings.pages_off": "صفحه\u200cهای بازی این گفتگو برداشته شد: پیوندهایشان دیگر کار نمی\u200cکند.",
    "settings.pages_on": "صفحه\u200cهای بازی این گفتگو دوباره باز است، با نشانی\u200cهای تازه.",
    "no.nothing": (
        "چیزی برای رد کردن نیست: «نه» پیشنهاد حریف برای برگرداندن حرکت یا شمارش، یا دعوت به شما را رد می‌کند، و "
        "اینجا چنین چیزی منتظر شما نیست. پرسش من (تسلیم؟ شمارش همین حالا؟) پاسخی نمی‌خواهد: تا «بله» آن را نزنید، "
        "اتفاقی نمی‌افتد."
    ),
    "yes.nothing": (
        "«بله» پاسخ پیشنهاد حریف برای برگرداندن حرکت یا شمارش، یا پاسخ یک دعوت به شماست، و اینجا چنین چیزی منتظر "
        "شما نیست. برای تسلیم، «بله، واگذار کن» را بزنید یا 'resign yes' بنویسید."
    ),
    "help.answers_only": (
        "اینجا من عضو گفت‌وگو نیستم (مرا برای خودتان نصب کرده‌اید): فقط به فرمان‌ها و دکمه‌ها پاسخ می‌دهم. با "
        "دکمه‌ها بازی کنید (حرکت‌های نوشته‌شده اینجا به من نمی‌رسد)؛ /board بازی را برمی‌گرداند؛ یادآوری‌ها به "
        "گفت‌وگوی خصوصی شما با من می‌رود، اگر داشته باشید."
    ),
    "inline.challenge": (
        "{user} هر کسی را در اینجا دعوت می‌کند: {game}، {about}. بازی با دکمه‌ها انجام می‌شود (حرکت‌های "
        "نوشته‌شده اینجا به من نمی‌رسد)."
    ),
    "inline.challenge_page": (
        "{user} هر کسی را در اینجا دعوت می‌کند: {game}، {about}. بازی در صفحهٔ خودش انجام می‌شود (دکمهٔ زیر صفحه): "
        "حرکت‌های تایپ‌شده اینجا به من نمی‌رسند."
    ),
    "inline.unavailable": "اکنون نمی‌شود بازی پیشنهاد داد (به گردانندهٔ ربات خبر داده شد). به‌جای آن خصوصی برایم بنویسید.",
    "inline.accept": "می‌پذیرم",
    # linked accounts
    "menu.link": "یک بازیکن در تلگرام و دیسکورد: کدی برای پیوند حساب‌هایتان",
    "menu.unlink": "جدا کردن دوبارهٔ حساب‌های پیوندخورده",
    "help.link": (
        "link — یک کد یک‌بارمصرف (فقط یک بار و تا ۱۰ دقیقه) که حساب‌های شما در تلگرام، دیسکورد و ترمینال را "
        "یک بازیکن می‌کند: از حساب دیگر 'link <کد>' را بفرستید. از آن پس در همهٔ پلتفرم‌ها برای هر بازی یک ریتینگ، "
        "یک ریتینگ معما و یک 'stats'، به نام حساب نخست. 'unlink' دوباره جدایشان می‌کند (ریتینگ‌های به‌دست‌آمده در "
        "این مدت نزد حساب نخست می‌ماند)."
    ),
    "link.code": (
        "کد پیوند شما: {code}. از حسابتان در پلتفرم دیگر تا {minutes} دقیقه برایم 'link {code}' را بفرستید: آن‌گاه "
        "هر دو حساب یک بازیکن می‌شوند، با یک ریتینگ برای هر بازی، یک ریتینگ معما و یک 'stats'. کد فقط یک بار کار "
        "می‌کند؛ آن را به کسی نشان ندهید."
    ),
    "left.page": (
        "مرا از گفتگوی بازی #{id} ({game} در برابر {opponent}) بیرون کردند، پس صفحهٔ بازی دیگر به آنجا نمی‌رسد. در "
        "صفحهٔ بازی ادامه دهید: {url} — یا همین‌جا تمامش کنید: '#{id} resign' (پیش از نخستین حرکتتان '#{id} abort')."
    ),
    "left.no_page": (
        "مرا از گفتگوی بازی #{id} ({game} در برابر {opponent}) بیرون کردند، پس آنجا ادامه نمی‌یابد. برای ادامه، دوباره "
        "مرا به آن گفتگو بیفزایید، یا همین‌جا تمامش کنید: '#{id} resign' (پیش از نخستین حرکتتان '#{id} abort')."
    ),
    "link.not_sent": (
        "{user}: هنوز نمی‌توانم به‌طور خصوصی برایتان بنویسم، پس کد پیوند فرستاده نشد (اینجا هرگز نشان داده نمی‌شود). "
        "با من گفت‌وگوی خصوصی باز کنید و آنجا 'link' بنویسید."
    ),
    "link.sent_privately": (
        "{user}: کد پیوندتان را به‌طور خصوصی فرستادم (اگر نرسید، با من گفت‌وگوی خصوصی باز کنید و آنجا 'link' بنویسید)."
    ),
    "link.done": (
        "پیوند خورد: {accounts} اکنون یک بازیکن‌اند. ریتینگ‌ها، ریتینگ معما و 'stats' در همهٔ پلتفرم‌ها همان "
        "{first} است؛ 'unlink' حساب‌ها را دوباره جدا می‌کند."
    ),
    "link.unknown": "چنین کد پیوندی نیست. در حساب دیگرتان 'link' بنویسید تا کد تازه بگیرید.",
    "link.used": "این کد پیوند پیش‌تر به کار رفته است. در حساب دیگرتان 'link' بنویسید تا کد تازه بگیرید.",
    "link.expired": (
        "مهلت این کد پیوند گذشته است (هر کد {minutes} دقیقه کار می‌کند). در حساب دیگرتان 'link' بنویسید تا کد تازه "
        "بگیرید."
    ),
    "link.same_platform": "این کد از همین پلتفرم است: آن را از حسابتان در پلتفرم دیگر بفرستید.",
    "link.already_one": "این حساب‌ها از پیش یک بازیکن‌اند.",
    "link.already_linked": "این حساب از پیش به بازیکن دیگری پیوند خورده است: نخست 'unlink'.",
    "unlink.done": (
        "پیوند برداشته شد: {accounts} دوباره جدا بازی می‌کنند. ریتینگ‌های به‌دست‌آمده در این مدت نزد {first} "
        "می‌ماند."
    ),
    "unlink.none": "این حساب به حساب دیگری پیوند نخورده است. 'link' کدی برای پیوند می‌دهد.",
    "platform.telegram": "تلگرام",
    "platform.discord": "دیسکورد",
    "platform.console": "ترمینال",
    "private.answered": "به‌صورت خصوصی جواب داده شد (فقط پرسنده آن را می‌بیند).",
}
