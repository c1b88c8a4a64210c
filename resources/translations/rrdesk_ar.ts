<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ar" sourcelanguage="en">
<context>
    <name>Dashboard</name>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="114"/>
        <source>Open survey…</source>
        <translation>فتح استبيان…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="122"/>
        <source>Trust this key instead…</source>
        <translation>الوثوق بهذا المفتاح بدلاً منه…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="141"/>
        <source>Try again</source>
        <translation>حاول مرة أخرى</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="154"/>
        <source>Continue</source>
        <translation>متابعة</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="155"/>
        <source>Close it</source>
        <translation>أغلقها</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="171"/>
        <location filename="../../rrdesk/gui/dashboard.py" line="449"/>
        <source>not yet</source>
        <translation>ليس بعد</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="175"/>
        <source>Saved in this session</source>
        <translation>محفوظة في هذه الجلسة</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="176"/>
        <source>On this laptop (this survey)</source>
        <translation>على هذا الحاسوب (هذا الاستبيان)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="177"/>
        <source>Last answer saved</source>
        <translation>آخر إجابة محفوظة</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="178"/>
        <source>Last export (this session)</source>
        <translation>آخر تصدير (هذه الجلسة)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="179"/>
        <source>Free disk space</source>
        <translation>المساحة الحرة على القرص</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="180"/>
        <source>Data folder</source>
        <translation>مجلد البيانات</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="181"/>
        <source>Interviews</source>
        <translation>المقابلات</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="188"/>
        <source>Low disk space: export the data to a USB stick and free some space before the next interview.</source>
        <translation>مساحة القرص قليلة: صدّر البيانات إلى ذاكرة USB وأفرغ بعض المساحة قبل المقابلة التالية.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="200"/>
        <source>Start interview</source>
        <translation>بدء مقابلة</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="204"/>
        <source>Export to…</source>
        <translation>تصدير إلى…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="210"/>
        <source>Export in progress</source>
        <translation>التصدير جارٍ</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="222"/>
        <source>Reduce spinner motion</source>
        <translation>تقليل حركة العجلة</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="228"/>
        <source>Interviewer language:</source>
        <translation>لغة الباحث:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="232"/>
        <source>Interviewer language</source>
        <translation>لغة الباحث</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="269"/>
        <source>Checking the survey&apos;s signature…</source>
        <translation>جارٍ التحقق من توقيع الاستبيان…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="272"/>
        <source>{file} · languages: {languages} · ε per respondent: {epsilon} (cap {cap})</source>
        <translation>{file} · اللغات: {languages} · ε لكل مستجيب: {epsilon} (الحد {cap})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="287"/>
        <source>Signed by the coordinator&apos;s key {key}.</source>
        <translation>موقّع بمفتاح المنسّق {key}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="288"/>
        <source>Signed by key {key}, not yet confirmed on this laptop.</source>
        <translation>موقّع بالمفتاح {key}، ولم يُؤكَّد بعد على هذا الحاسوب.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="289"/>
        <source>Signed by key {key}.</source>
        <translation>موقّع بالمفتاح {key}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="290"/>
        <source>Not signed.</source>
        <translation>غير موقّع.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="297"/>
        <source>PRACTICE ONLY — this file is not signed, and this laptop trusts the coordinator&apos;s key {trusted}. Interviews cannot be recorded with it: ask the coordinator for the signed file (with its .minisig beside it).</source>
        <translation>للتدريب فقط — هذا الملف غير موقّع، وهذا الحاسوب يثق بمفتاح المنسّق {trusted}. لا يمكن تسجيل مقابلات به: اطلب من المنسّق الملف الموقّع (مع ملف ‎.minisig بجانبه).</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="302"/>
        <source>NOT THE COORDINATOR&apos;S FILE — it is signed by key {key}, but this laptop trusts the coordinator&apos;s key {trusted}. Interviews cannot be recorded with it. Only if the coordinator told you their key changed, and gave you the new key id: Trust this key instead…</source>
        <translation>ليس ملف المنسّق — إنه موقّع بالمفتاح {key}، لكن هذا الحاسوب يثق بمفتاح المنسّق {trusted}. لا يمكن تسجيل مقابلات به. فقط إذا أخبرك المنسّق أن مفتاحه تغيّر وأعطاك المعرّف الجديد: الوثوق بهذا المفتاح بدلاً منه…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="307"/>
        <source>Compare key {key} with the key id the coordinator gave you before recording interviews.</source>
        <translation>قارن المفتاح {key} بمعرّف المفتاح الذي أعطاك إياه المنسّق قبل تسجيل المقابلات.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="317"/>
        <source>Answers are sealed to: {recipients}</source>
        <translation>الإجابات مشفّرة إلى: {recipients}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="453"/>
        <source>today at {time}</source>
        <translation>اليوم الساعة {time}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="293"/>
        <source>The survey&apos;s signature cannot be trusted: {problem}</source>
        <translation>لا يمكن الوثوق بتوقيع الاستبيان: {problem}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="310"/>
        <source>UNSIGNED SURVEY — nothing proves this file is the coordinator&apos;s. Use it for practice only; for real interviews ask the coordinator for the signed file (with its .minisig beside it).</source>
        <translation>استبيان غير موقّع — لا شيء يثبت أن هذا الملف من المنسّق. استخدمه للتدريب فقط؛ وللمقابلات الحقيقية اطلب من المنسّق الملف الموقّع (ومعه ملف ‎.minisig‎ بجانبه).</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="324"/>
        <source>nothing saved yet</source>
        <translation>لم يُحفظ شيء بعد</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="335"/>
        <source>unknown</source>
        <translation>غير معروف</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="337"/>
        <source>{size} GB</source>
        <translation>{size} غيغابايت</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="339"/>
        <source>{size} MB</source>
        <translation>{size} ميغابايت</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="371"/>
        <source>No interview can be recorded until this is fixed; the data can still be exported. Fix the cause, then tap Try again.</source>
        <translation>لا يمكن تسجيل أي مقابلة حتى يُصلح هذا؛ لا يزال يمكن تصدير البيانات. أصلح السبب، ثم المس «حاول مرة أخرى».</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="374"/>
        <source>No interview can be recorded until this is fixed. Fix the cause, then tap Try again.</source>
        <translation>لا يمكن تسجيل أي مقابلة حتى يُصلح هذا. أصلح السبب، ثم المس «حاول مرة أخرى».</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="396"/>
        <source>Interview {number} stopped {when} after question {done} of {total}.</source>
        <translation>توقفت المقابلة {number} {when} بعد السؤال {done} من {total}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="397"/>
        <source>Interview {number} stopped {when} before its first question.</source>
        <translation>توقفت المقابلة {number} {when} قبل سؤالها الأول.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="399"/>
        <source>Interview {number} stopped after question {done} of {total}.</source>
        <translation>توقفت المقابلة {number} بعد السؤال {done} من {total}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="400"/>
        <source>Interview {number} stopped before its first question.</source>
        <translation>توقفت المقابلة {number} قبل سؤالها الأول.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="402"/>
        <source>Its direct answers are saved ({count}); they are not asked again.</source>
        <translation>إجاباتها المباشرة محفوظة ({count})، ولن تُطرح مرة أخرى.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="405"/>
        <source>Question {done} was spun but not answered; it is recorded as not answered and will not be asked again.</source>
        <translation>دُوّرت العجلة في السؤال {done} دون إجابة؛ سُجّل بلا إجابة ولن يُطرح مرة أخرى.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="408"/>
        <source>No question is left: close it.</source>
        <translation>لم يبق أي سؤال: أغلقها.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="410"/>
        <source>Continue it with the same respondent (question {next} comes next), or close it.</source>
        <translation>تابعها مع المستجيب نفسه (السؤال {next} هو التالي)، أو أغلقها.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="431"/>
        <source>today at about {time}</source>
        <translation>اليوم نحو الساعة {time}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="433"/>
        <source>yesterday at about {time}</source>
        <translation>أمس نحو الساعة {time}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="435"/>
        <source>on {day} at about {time}</source>
        <translation>يوم {day} نحو الساعة {time}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="437"/>
        <source>on {date} at about {time}</source>
        <translation>في {date} نحو الساعة {time}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="442"/>
        <source>Exporting and checking the copy…</source>
        <translation>جارٍ التصدير والتحقق من النسخة…</translation>
    </message>
</context>
<context>
    <name>DirectScreen</name>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="180"/>
        <source>New interview</source>
        <translation>مقابلة جديدة</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="181"/>
        <source>Interviewer: fill in these answers before handing over the laptop.</source>
        <translation>أيها الباحث: املأ هذه الإجابات قبل تسليم الحاسوب.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="219"/>
        <source>Cancel</source>
        <translation>إلغاء</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="220"/>
        <source>Continue</source>
        <translation>متابعة</translation>
    </message>
</context>
<context>
    <name>EstimatesModel</name>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="74"/>
        <source>No</source>
        <translation>لا</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="74"/>
        <source>Yes</source>
        <translation>نعم</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="77"/>
        <source>(unknown)</source>
        <translation>(غير معروف)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="78"/>
        <source>(skipped)</source>
        <translation>(سؤال متخطّى)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="105"/>
        <source>Question, by {by}</source>
        <translation>السؤال، حسب {by}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="105"/>
        <source>Question</source>
        <translation>السؤال</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="106"/>
        <source>Answer</source>
        <translation>الإجابة</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="106"/>
        <source>Recorded</source>
        <translation>المسجَّلة</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="107"/>
        <source>Estimate</source>
        <translation>التقدير</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="107"/>
        <source>95 % interval</source>
        <translation>مجال 95 %</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="109"/>
        <source>Answers recorded</source>
        <translation>الإجابات المسجلة</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="110"/>
        <source>ε of one recorded answer: the smaller, the more private</source>
        <translation>ε لإجابة مسجلة واحدة: كلما صغر زادت الخصوصية</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="111"/>
        <source>How many answers were recorded as this answer (after the spinner), and their share</source>
        <translation>كم إجابة سُجّلت بهذه الإجابة (بعد العجلة)، ونسبتها</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="113"/>
        <source>Estimated share of respondents for whom this answer is true</source>
        <translation>النسبة المقدرة للمستجيبين الذين تصدق عليهم هذه الإجابة</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="114"/>
        <source>95 % confidence interval of the estimate</source>
        <translation>مجال الثقة 95 % للتقدير</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="115"/>
        <source>The estimate (dot) with its 95 % interval (bar) and the recorded share (diamond), from 0 to 100 %</source>
        <translation>التقدير (نقطة) مع مجاله 95 % (شريط) والنسبة المسجلة (معيّن)، من 0 إلى 100 %</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="135"/>
        <source>no answers</source>
        <translation>لا إجابات</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="144"/>
        <source>asked directly, not randomized</source>
        <translation>سُئل مباشرة، دون عشوائية</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="157"/>
        <source>only {n} answers (under {small}): the interval is wide and only a rough guide</source>
        <translation>{n} إجابات فقط (أقل من {small}): المجال واسع وهو للاسترشاد فقط</translation>
    </message>
</context>
<context>
    <name>ExportFlow</name>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="66"/>
        <source>Export to… (choose the USB stick)</source>
        <translation>تصدير إلى… (اختر ذاكرة USB)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="87"/>
        <source>Export to the laptop&apos;s own disk?</source>
        <translation>التصدير إلى قرص الحاسوب نفسه؟</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="88"/>
        <source>Export here anyway</source>
        <translation>صدّر هنا على أي حال</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="88"/>
        <source>Choose another folder</source>
        <translation>اختر مجلدًا آخر</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="108"/>
        <source>Exported and checked on {device}: {path}</source>
        <translation>صُدّر وتُحقّق منه على {device}: {path}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/exporting.py" line="110"/>
        <source>It holds %n interview(s).</source>
        <translation>
            <numerusform>تحتوي على %n مقابلة.</numerusform>
            <numerusform>تحتوي على مقابلة واحدة (%n).</numerusform>
            <numerusform>تحتوي على مقابلتين (%n).</numerusform>
            <numerusform>تحتوي على %n مقابلات.</numerusform>
            <numerusform>تحتوي على %n مقابلة.</numerusform>
            <numerusform>تحتوي على %n مقابلة.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="112"/>
        <source>You may remove the USB stick now.</source>
        <translation>يمكنك نزع ذاكرة USB الآن.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="120"/>
        <source>Export failed: {error}</source>
        <translation>فشل التصدير: {error}</translation>
    </message>
</context>
<context>
    <name>FieldworkPage</name>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="173"/>
        <source>Interviewers</source>
        <translation>الباحثون الميدانيون</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="174"/>
        <source>Interviewer checks</source>
        <translation>فحوص الباحثين الميدانيين</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="175"/>
        <source>Laptops</source>
        <translation>الحواسيب</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="177"/>
        <source>Compute to see who sent what and when.</source>
        <translation>احسب لترى من أرسل ماذا ومتى.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="182"/>
        <source>{first} – {last}: {begun} interviews begun, {completed} completed.</source>
        <translation>{first} – {last}: بدأت {begun} مقابلة، واكتملت {completed}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="185"/>
        <source>{completed} of {planned} planned ({share} %).</source>
        <translation>{completed} من {planned} مخطط لها ({share} %).</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="188"/>
        <source>By {by}: {groups}.</source>
        <translation>حسب {by}: {groups}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="190"/>
        <source>Interviewer checks: each keeps its false alarms, when every interviewer works honestly, to {alpha} % of studies. A flag asks for a look; it proves nothing. Counts only: no answer of anyone is shown.</source>
        <translation>فحوص الباحثين الميدانيين: عندما يعمل الجميع بأمانة، لا يعطي كل فحص إنذارًا كاذبًا إلا في {alpha} % من الدراسات. الإشارة تدعو إلى النظر عن قرب، ولا تثبت شيئًا. أعداد فقط: لا تُعرض إجابة أي شخص.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="198"/>
        <source>No interviewer was flagged.</source>
        <translation>لم يُشَر إلى أي باحث ميداني.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="200"/>
        <source>{laptop}: %n bundle(s)</source>
        <translation>
            <numerusform>{laptop}: لا حزم (%n)</numerusform>
            <numerusform>{laptop}: حزمة واحدة (%n)</numerusform>
            <numerusform>{laptop}: حزمتان (%n)</numerusform>
            <numerusform>{laptop}: %n حزم</numerusform>
            <numerusform>{laptop}: %n حزمة</numerusform>
            <numerusform>{laptop}: %n حزمة</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="202"/>
        <source>last exported {time}</source>
        <translation>آخر تصدير {time}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="204"/>
        <source>%n synthetic interview(s) left out</source>
        <translation>
            <numerusform>لم تُستبعد أي مقابلة اصطناعية (%n)</numerusform>
            <numerusform>استُبعدت مقابلة اصطناعية واحدة (%n)</numerusform>
            <numerusform>استُبعدت مقابلتان اصطناعيتان (%n)</numerusform>
            <numerusform>استُبعدت %n مقابلات اصطناعية</numerusform>
            <numerusform>استُبعدت %n مقابلة اصطناعية</numerusform>
            <numerusform>استُبعدت %n مقابلة اصطناعية</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FormatDialog</name>
    <message>
        <location filename="../../rrdesk/gui/help.py" line="29"/>
        <source>The survey file</source>
        <translation>ملف الاستبيان</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/help.py" line="38"/>
        <source>The survey file&apos;s reference is missing from this installation ({path}).</source>
        <translation>مرجع ملف الاستبيان غير موجود في هذا التثبيت ({path}).</translation>
    </message>
</context>
<context>
    <name>HandoverScreen</name>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="54"/>
        <source>Please hand the laptop to the respondent.</source>
        <translation>من فضلك سلّم الحاسوب إلى المستجيب.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="55"/>
        <source>Interview {number}</source>
        <translation>المقابلة {number}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="57"/>
        <source>I am the respondent: start</source>
        <translation>أنا المستجيب: ابدأ</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="61"/>
        <source>Stop this interview</source>
        <translation>إيقاف هذه المقابلة</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="69"/>
        <source>Stop interview {number}? The questions not asked are marked not asked.</source>
        <translation>إيقاف المقابلة {number}؟ تُعلَّم الأسئلة التي لم تُطرح بأنها لم تُطرح.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="72"/>
        <source>Yes, stop it</source>
        <translation>نعم، أوقفها</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="73"/>
        <source>Go back</source>
        <translation>رجوع</translation>
    </message>
</context>
<context>
    <name>InterviewController</name>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="166"/>
        <location filename="../../rrdesk/gui/interview.py" line="188"/>
        <source>No interview was started.</source>
        <translation>لم تبدأ أي مقابلة.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="179"/>
        <source>The interview could not be started: {error}</source>
        <translation>تعذّر بدء المقابلة: {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="194"/>
        <source>Interview {number} was closed before the end.</source>
        <translation>أُغلقت المقابلة {number} قبل نهايتها.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="198"/>
        <source>Interview {number} could not be closed: {error}</source>
        <translation>تعذّر إغلاق المقابلة {number}: {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="276"/>
        <source>Interview {number}: the respondent did not consent; the refusal is saved.</source>
        <translation>المقابلة {number}: لم يوافق المشارك؛ حُفظ الرفض.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="282"/>
        <source>Interview {number} saved.</source>
        <translation>حُفظت المقابلة {number}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="397"/>
        <source>Interview {number} stopped: {error}. Fix the cause (free some disk space), then continue it from here.</source>
        <translation>توقفت المقابلة {number}: {error}. أصلح السبب (أفرغ بعض المساحة على القرص)، ثم تابعها من هنا.</translation>
    </message>
</context>
<context>
    <name>InterviewerChooser</name>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="41"/>
        <source>Interviewer:</source>
        <extracomment>What a typed id may contain while it is typed (the records&apos; rule: rrdesk.core.survey._study)</extracomment>
        <translation>الباحث الميداني:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="45"/>
        <location filename="../../rrdesk/gui/interviewer.py" line="51"/>
        <source>Interviewer</source>
        <translation>الباحث الميداني</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="50"/>
        <source>Your interviewer id</source>
        <translation>رمز الباحث الميداني الخاص بك</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="71"/>
        <source>Choose…</source>
        <translation>اختر…</translation>
    </message>
</context>
<context>
    <name>InterviewersModel</name>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Interviewer</source>
        <translation>الباحث الميداني</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Laptops</source>
        <translation>الحواسيب</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Days</source>
        <translation>الأيام</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Begun</source>
        <translation>بدأت</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Completed</source>
        <translation>اكتملت</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="66"/>
        <source>Stopped</source>
        <translation>توقفت</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="66"/>
        <source>Refused</source>
        <translation>رُفضت</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="66"/>
        <source>Flags</source>
        <translation>إشارات</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="66"/>
        <source>Per day</source>
        <translation>في اليوم</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="192"/>
        <source>DEMO — readable with the public demo key. Never use it for real answers.</source>
        <translation>تجريبي — يمكن قراءته بالمفتاح التجريبي العام. لا تستخدمه أبدًا لإجابات حقيقية.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="199"/>
        <source>&amp;File</source>
        <translation>&amp;ملف</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="200"/>
        <source>&amp;Open survey…</source>
        <translation>&amp;فتح استبيان…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="203"/>
        <source>&amp;Export to…</source>
        <translation>&amp;تصدير إلى…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="205"/>
        <source>Write &amp;enrollment file…</source>
        <translation>كتابة &amp;ملف التسجيل…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="207"/>
        <source>&amp;Results (coordinator)…</source>
        <translation>&amp;النتائج (للمنسق)…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="209"/>
        <source>&amp;Quit</source>
        <translation>&amp;خروج</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="246"/>
        <source>Open survey</source>
        <translation>فتح استبيان</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="247"/>
        <source>Survey files (*.toml);;All files (*)</source>
        <translation>ملفات الاستبيان (*.toml);;كل الملفات (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="257"/>
        <source>This survey file cannot be used</source>
        <translation>لا يمكن استخدام ملف الاستبيان هذا</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="277"/>
        <source>{problem}; forgotten (settings file {file})</source>
        <translation>{problem}؛ نُسي (ملف الإعدادات {file})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="279"/>
        <source>The survey file cannot be used; the demo survey is open instead</source>
        <translation>لا يمكن استخدام ملف الاستبيان؛ فُتح الاستبيان التجريبي بدلًا منه</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="299"/>
        <source>Opening the data folder…</source>
        <translation>جارٍ فتح مجلد البيانات…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="313"/>
        <source>Confirm the coordinator&apos;s key to record interviews.</source>
        <translation>أكّد مفتاح المنسّق لتسجيل المقابلات.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="333"/>
        <source>The coordinator&apos;s key was not confirmed: interviews cannot be recorded with this survey. Open it again once you have the key id.</source>
        <translation>لم يُؤكَّد مفتاح المنسّق: لا يمكن تسجيل مقابلات بهذا الاستبيان. افتحه مجدداً عندما يكون لديك معرّف المفتاح.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="362"/>
        <source>The data folder cannot be used: {error}</source>
        <translation>لا يمكن استخدام مجلد البيانات: {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="369"/>
        <source>The data folder held a damaged file; it is kept for checking (rrdesk verify) and interviews go on.</source>
        <translation>كان في مجلد البيانات ملف تالف؛ احتُفظ به للفحص (⁦rrdesk verify⁩) وتستمر المقابلات.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="152"/>
        <source>Close interview {number}?</source>
        <translation>إغلاق المقابلة {number}؟</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="157"/>
        <source>The questions it did not reach are marked as not asked. This cannot be undone.</source>
        <translation>تُعلَّم الأسئلة التي لم تصل إليها بأنها لم تُطرح. لا يمكن التراجع عن هذا.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="153"/>
        <source>Close it</source>
        <translation>أغلقها</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="160"/>
        <source>Keep it</source>
        <translation>أبقِها</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="199"/>
        <source>Interview {number} was closed; the questions it did not reach are marked as not asked.</source>
        <translation>أُغلقت المقابلة {number}؛ عُلّمت الأسئلة التي لم تصل إليها بأنها لم تُطرح.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="178"/>
        <source>Leave the interview?</source>
        <translation>مغادرة المقابلة؟</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="127"/>
        <source>Close interview {number} and start a new one?</source>
        <translation>إغلاق المقابلة {number} وبدء مقابلة جديدة؟</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="129"/>
        <source>Close it and start</source>
        <translation>أغلقها وابدأ</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="179"/>
        <source>The interview stays interrupted: its saved answers are kept, and the dashboard offers to continue it next time.</source>
        <translation>تبقى المقابلة متوقفة: تُحفظ إجاباتها المحفوظة، وتعرض لوحة التحكم متابعتها في المرة القادمة.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="181"/>
        <source>Leave</source>
        <translation>مغادرة</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="181"/>
        <source>Stay</source>
        <translation>البقاء</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="218"/>
        <source>&amp;Help</source>
        <translation>&amp;مساعدة</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="219"/>
        <source>Survey file &amp;format…</source>
        <translation>&amp;صيغة ملف الاستبيان…</translation>
    </message>
</context>
<context>
    <name>NumberField</name>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="113"/>
        <source>Erase</source>
        <extracomment>The erase key&apos;s sign, and the minus sign a negative range gets (typed &quot;-&quot; is the same). The hint&apos;s and the error&apos;s font sizes in resources/style.qss (QLabel[role=&quot;hint&quot;], [role=&quot;error&quot;]). A question&apos;s margins (left, top, right, bottom): room at its start for the bar that marks it while it is new (style.qss: QFrame[revealed=&quot;true&quot;], a border 8 px wide).</extracomment>
        <translation>مسح</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="122"/>
        <source>a number from {low} to {high}, {decimals} digits after the point at most</source>
        <translation>عدد من {low} إلى {high}، بحد أقصى {decimals} أرقام بعد الفاصلة</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="124"/>
        <source>a whole number from {low} to {high}</source>
        <translation>عدد صحيح من {low} إلى {high}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="134"/>
        <source>Not accepted: enter {what}.</source>
        <translation>غير مقبول: أدخل {what}.</translation>
    </message>
</context>
<context>
    <name>ResultsWindow</name>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="114"/>
        <source>rrdesk — Results</source>
        <translation>rrdesk — النتائج</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="115"/>
        <source>Results</source>
        <translation>النتائج</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="116"/>
        <source>Results: {title}</source>
        <translation>النتائج: {title}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="117"/>
        <source>&amp;Open bundles…</source>
        <translation>&amp;فتح الحزم…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="118"/>
        <source>&amp;Identity file…</source>
        <translation>ملف ال&amp;هوية…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="119"/>
        <source>&amp;Survey:</source>
        <translation>الا&amp;ستبيان:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="120"/>
        <source>Split &amp;by:</source>
        <translation>التقسيم &amp;حسب:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="121"/>
        <source>&amp;Compute</source>
        <translation>&amp;احسب</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="122"/>
        <source>Save &amp;report…</source>
        <translation>حفظ ال&amp;تقرير…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="123"/>
        <source>Enroll this laptop…</source>
        <translation>تسجيل هذا الحاسوب…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="124"/>
        <source>Use anyway (unverified)</source>
        <translation>الاستخدام على أي حال (غير متحقَّق منه)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="125"/>
        <source>Count the synthetic interviews</source>
        <translation>احتساب المقابلات الاصطناعية</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="126"/>
        <source>Cancel</source>
        <translation>إلغاء</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="127"/>
        <source>Interviews made by rrdesk simulate, for practice: they are left out of the estimates unless you count them.</source>
        <translation>مقابلات أنشأها rrdesk simulate للتدريب: تُستبعد من التقديرات ما لم تحتسبها.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="129"/>
        <source>Working</source>
        <translation>جارٍ العمل</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="130"/>
        <source>Estimates</source>
        <translation>التقديرات</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="131"/>
        <source>Problems</source>
        <translation>المشكلات</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="133"/>
        <source>No bundle chosen yet: the .tar.age files exported from the laptops.</source>
        <translation>لم تُختر أي حزمة بعد: ملفات ⁦.tar.age⁩ المصدّرة من الحواسيب.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="134"/>
        <location filename="../../rrdesk/gui/results/__init__.py" line="233"/>
        <source>{bundles}: {names}</source>
        <translation>{bundles}: {names}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="137"/>
        <source>No identity file chosen yet: the file with your secret key (AGE-SECRET-KEY-1…).</source>
        <translation>لم يُختر ملف هوية بعد: الملف الذي فيه مفتاحك السري (⁦AGE-SECRET-KEY-1…⁩).</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="139"/>
        <source>{name} — read only while computing; rrdesk never saves it or its place.</source>
        <translation>{name} — يُقرأ فقط أثناء الحساب؛ لا يحفظه rrdesk ولا يحفظ مكانه أبدًا.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="141"/>
        <source>estimate</source>
        <translation>التقدير</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="141"/>
        <source>95 % confidence interval</source>
        <translation>مجال الثقة 95 %</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="142"/>
        <source>recorded share (before correction)</source>
        <translation>النسبة المسجلة (قبل التصحيح)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="145"/>
        <source>Each line names the bundle, the laptop&apos;s log and the record, and what is wrong. The records named here were left out; the rest was used.</source>
        <translation>كل سطر يذكر الحزمة وسجل الحاسوب والقيد، وما الخطأ فيه. القيود المذكورة هنا استُبعدت؛ واستُخدم الباقي.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="147"/>
        <source>&amp;Estimates</source>
        <translation>&amp;التقديرات</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="148"/>
        <source>&amp;Problems ({count})</source>
        <translation>&amp;المشكلات ({count})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="152"/>
        <source>&amp;Fieldwork</source>
        <translation>&amp;العمل الميداني</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="153"/>
        <source>&amp;Fieldwork (%n flag(s))</source>
        <translation>
            <numerusform>&amp;العمل الميداني (لا إشارات: %n)</numerusform>
            <numerusform>&amp;العمل الميداني (إشارة واحدة)</numerusform>
            <numerusform>&amp;العمل الميداني (إشارتان)</numerusform>
            <numerusform>&amp;العمل الميداني (%n إشارات)</numerusform>
            <numerusform>&amp;العمل الميداني (%n إشارة)</numerusform>
            <numerusform>&amp;العمل الميداني (%n إشارة)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="156"/>
        <location filename="../../rrdesk/gui/results/__init__.py" line="243"/>
        <source>no split</source>
        <translation>دون تقسيم</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="167"/>
        <source>Open export bundles</source>
        <translation>فتح حزم التصدير</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="168"/>
        <source>Export bundles (*.tar.age);;All files (*)</source>
        <translation>حزم التصدير (*.tar.age);;كل الملفات (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="175"/>
        <source>Choose the identity file</source>
        <translation>اختر ملف الهوية</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="176"/>
        <source>Identity files (*.txt *.key);;All files (*)</source>
        <translation>ملفات الهوية (*.txt *.key);;كل الملفات (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="204"/>
        <source>Opening the bundles…</source>
        <translation>جارٍ فتح الحزم…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="211"/>
        <source>No bundle could be opened with this identity file. Compute lists what is wrong.</source>
        <translation>تعذّر فتح أي حزمة بملف الهوية هذا. «احسب» يسرد ما الخطأ.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="215"/>
        <source>The bundles hold the survey “{title}”. Press Compute.</source>
        <translation>تحتوي الحزم على الاستبيان «{title}». اضغط «احسب».</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="217"/>
        <source>The bundles hold {count} surveys: choose one, then press Compute.</source>
        <translation>تحتوي الحزم على {count} استبيانات: اختر واحدًا، ثم اضغط «احسب».</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="255"/>
        <source>Press Compute to see the results of this survey.</source>
        <translation>اضغط «احسب» لرؤية نتائج هذا الاستبيان.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="263"/>
        <source>Splitting the results…</source>
        <translation>جارٍ تقسيم النتائج…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="275"/>
        <source>Decrypting and checking every record of {bundles}…</source>
        <translation>جارٍ فك تشفير كل قيد في {bundles} والتحقق منه…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="303"/>
        <source>Stopping…</source>
        <translation>جارٍ الإيقاف…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="312"/>
        <source>Decrypting and checking: {done} of {planned} records</source>
        <translation>فك التشفير والتحقق: {done} من {planned} سجلًا</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="316"/>
        <source>about %n second(s) left</source>
        <translation>
            <numerusform>بقي نحو %n ثانية</numerusform>
            <numerusform>بقيت ثانية واحدة تقريبًا (%n)</numerusform>
            <numerusform>بقيت ثانيتان تقريبًا (%n)</numerusform>
            <numerusform>بقي نحو %n ثوانٍ</numerusform>
            <numerusform>بقي نحو %n ثانية</numerusform>
            <numerusform>بقي نحو %n ثانية</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="322"/>
        <source>Nothing to show: no bundle could be used. The Problems tab says why.</source>
        <translation>لا شيء للعرض: تعذّر استخدام أي حزمة. تبويب «المشكلات» يقول لماذا.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="325"/>
        <source>Nothing was used: these bundles hold synthetic interviews (made by rrdesk simulate, for practice), which are left out. The Problems tab can count them.</source>
        <translation>لم يُستخدم شيء: تحتوي هذه الحزم على مقابلات اصطناعية (أنشأها rrdesk simulate للتدريب)، وهي مستبعدة. يتيح تبويب المشكلات احتسابها.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="329"/>
        <source>Nothing was used: every record was left out (0 interviews). The Problems tab says why; a laptop that is not enrolled can be enrolled there, or used anyway.</source>
        <translation>لم يُستخدم شيء: استُبعدت كل السجلات (0 مقابلة). يوضح تبويب المشكلات السبب؛ يمكن هناك تسجيل حاسوب غير مسجَّل، أو استخدامه على أي حال.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="333"/>
        <source>Computed from {bundles}, with the records of laptops not proven used anyway (unverified): nothing shows that your laptops made them.</source>
        <translation>حُسب من {bundles}، مع استخدام سجلات حواسيب غير مُثبتة على أي حال (غير متحقَّق منها): لا شيء يُظهر أن حواسيبك أنشأتها.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="339"/>
        <source>Computed from {bundles}.</source>
        <translation>حُسب من {bundles}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="340"/>
        <source>Records found in several bundles were counted once.</source>
        <translation>القيود الموجودة في أكثر من حزمة حُسبت مرة واحدة.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="341"/>
        <source>The records named under Problems were left out; everything else was used.</source>
        <translation>القيود المذكورة في «المشكلات» استُبعدت؛ واستُخدم كل ما عداها.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="348"/>
        <source>Cancelled: nothing was computed or saved.</source>
        <translation>أُلغي: لم يُحسب أو يُحفظ شيء.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="362"/>
        <source>{bundle}: left out, it holds another survey ({id}); choose that survey to see its results.</source>
        <translation>{bundle}: مستبعدة، فيها استبيان آخر ({id})؛ اختر ذلك الاستبيان لرؤية نتائجه.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="368"/>
        <source>Choose the bundles and your identity file, then press Compute. The numbers are those of “rrdesk aggregate”.</source>
        <translation>اختر الحزم وملف هويتك، ثم اضغط «احسب». الأرقام هي أرقام «⁦rrdesk aggregate⁩».</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="372"/>
        <source>%n laptop(s)</source>
        <translation>
            <numerusform>%n حاسوب</numerusform>
            <numerusform>حاسوب واحد (%n)</numerusform>
            <numerusform>حاسوبان (%n)</numerusform>
            <numerusform>%n حواسيب</numerusform>
            <numerusform>%n حاسوبًا</numerusform>
            <numerusform>%n حاسوب</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="373"/>
        <source>{interviews} interviews · {records} records · {laptops} · ε per respondent {epsilon} (cap {cap})</source>
        <translation>{interviews} مقابلة · {records} قيد · {laptops} · ε لكل مستجيب {epsilon} (الحد {cap})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="380"/>
        <source>✓ Every bundle verified</source>
        <translation>✓ تُحقّق من كل الحزم</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="381"/>
        <source>⚠ %n problem(s): see Problems</source>
        <translation>
            <numerusform>⚠ %n مشكلة: انظر المشكلات</numerusform>
            <numerusform>⚠ مشكلة واحدة (%n): انظر المشكلات</numerusform>
            <numerusform>⚠ مشكلتان (%n): انظر المشكلات</numerusform>
            <numerusform>⚠ %n مشكلات: انظر المشكلات</numerusform>
            <numerusform>⚠ %n مشكلة: انظر المشكلات</numerusform>
            <numerusform>⚠ %n مشكلة: انظر المشكلات</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="382"/>
        <source>Each record&apos;s chain, tag and content checked out; records found in several bundles were counted once.</source>
        <translation>سلسلة كل قيد ووسمه ومحتواه سليمة؛ القيود الموجودة في أكثر من حزمة حُسبت مرة واحدة.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="384"/>
        <source>The damaged or doubtful records were left out and everything else was used.</source>
        <translation>القيود التالفة أو المشكوك فيها استُبعدت واستُخدم كل ما عداها.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="403"/>
        <source>laptop {laptop}…, log {log}…</source>
        <translation>الحاسوب {laptop}…، السجل {log}…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="406"/>
        <source>record {number}</source>
        <translation>القيد {number}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="407"/>
        <source>{where}: {what}</source>
        <translation>{where}: {what}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="417"/>
        <source>The laptop&apos;s enrollment file</source>
        <translation>ملف تسجيل الحاسوب</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="418"/>
        <source>Enrollment files (rrdesk-laptop-*.pub);;All files (*)</source>
        <translation>ملفات التسجيل (rrdesk-laptop-*.pub);;كل الملفات (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="422"/>
        <location filename="../../rrdesk/gui/results/__init__.py" line="427"/>
        <source>Enroll this laptop</source>
        <translation>تسجيل هذا الحاسوب</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="422"/>
        <source>The key id the laptop shows (File ▸ Write enrollment file… on the laptop), as XXXX-XXXX-XXXX-XXXX:</source>
        <translation>معرّف المفتاح الذي يعرضه الحاسوب (ملف ▸ كتابة ملف التسجيل… على الحاسوب)، بالشكل XXXX-XXXX-XXXX-XXXX:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="428"/>
        <source>A name for the laptop (optional), e.g. Laptop 3, Amina:</source>
        <translation>اسم للحاسوب (اختياري)، مثلاً: الحاسوب 3، أمينة:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="448"/>
        <source>Laptop {laptop} (key id {code}) enrolled in {list}.</source>
        <translation>سُجِّل الحاسوب {laptop} (المفتاح {code}) في {list}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="473"/>
        <source>forced response</source>
        <translation>الإجابة المفروضة</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="473"/>
        <source>Warner&apos;s mirrored question</source>
        <translation>سؤال وارنر المعكوس</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="474"/>
        <source>unrelated question</source>
        <translation>السؤال غير المرتبط</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="474"/>
        <source>k-ary randomized response</source>
        <translation>الإجابة العشوائية متعددة الخيارات</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="475"/>
        <source>unrelated question, unknown prevalence</source>
        <translation>السؤال غير المرتبط، انتشار غير معروف</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="475"/>
        <source>asked directly</source>
        <translation>سُئل مباشرة</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="476"/>
        <source>{design}, ε = {epsilon}</source>
        <translation>{design}، ε = {epsilon}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="477"/>
        <source>{id} ({design}): {text}</source>
        <translation>{id} ({design}): {text}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="478"/>
        <source>Method: {method}</source>
        <translation>الطريقة: {method}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="480"/>
        <source>{declined} declined, {abandoned} not reached, {after_spin} stopped after the spin</source>
        <translation>{declined} رفض، {abandoned} لم يُوصل إليه، {after_spin} توقف بعد التدوير</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="494"/>
        <source>Save the report in…</source>
        <translation>حفظ التقرير في…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="503"/>
        <source>Writing the report…</source>
        <translation>جارٍ كتابة التقرير…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="507"/>
        <source>Report saved in {folder}: {files}</source>
        <translation>حُفظ التقرير في {folder}: {files}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="510"/>
        <source>The Stata and SPSS files (answers.dta, answers.sav) were not written: they need rrdesk&apos;s datafiles extra (pip install &apos;rrdesk[datafiles]&apos;); the CSV files hold the same data.</source>
        <translation>لم تُكتب ملفات Stata وSPSS ‏(answers.dta، answers.sav): تحتاج إلى إضافة datafiles في rrdesk ‏(pip install &apos;rrdesk[datafiles]&apos;)؛ ملفات CSV تحمل البيانات نفسها.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="517"/>
        <source>The report could not be saved: {error}</source>
        <translation>تعذّر حفظ التقرير: {error}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="529"/>
        <source>%n bundle(s)</source>
        <translation>
            <numerusform>%n حزمة</numerusform>
            <numerusform>حزمة واحدة (%n)</numerusform>
            <numerusform>حزمتان (%n)</numerusform>
            <numerusform>%n حزم</numerusform>
            <numerusform>%n حزمة</numerusform>
            <numerusform>%n حزمة</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TrustFlow</name>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="72"/>
        <source>Confirm the coordinator&apos;s key</source>
        <translation>تأكيد مفتاح المنسّق</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="73"/>
        <source>This survey is signed by the key:</source>
        <translation>هذا الاستبيان موقّع بالمفتاح:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="74"/>
        <source>Is this exactly the key id your coordinator gave you? If it is, this laptop will trust this key from now on: surveys signed by any other key are refused. If it is not, or you do not know, choose Not now and call the coordinator.</source>
        <translation>هل هذا تماماً معرّف المفتاح الذي أعطاك إياه المنسّق؟ إن كان كذلك، سيثق هذا الحاسوب بهذا المفتاح من الآن: تُرفض الاستبيانات الموقّعة بأي مفتاح آخر. إن لم يكن، أو لم تكن متأكداً، اختر ليس الآن واتصل بالمنسّق.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="77"/>
        <source>Yes, trust this key</source>
        <translation>نعم، الوثوق بهذا المفتاح</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="77"/>
        <source>Not now</source>
        <translation>ليس الآن</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="88"/>
        <source>Replace the coordinator&apos;s key?</source>
        <translation>استبدال مفتاح المنسّق؟</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="89"/>
        <source>This laptop trusts the coordinator&apos;s key {old}. This survey is signed by the key:</source>
        <translation>هذا الحاسوب يثق بمفتاح المنسّق {old}. هذا الاستبيان موقّع بالمفتاح:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="91"/>
        <source>Replace the key only if the coordinator told you their key changed and gave you exactly this key id. From then on surveys signed by {old} are refused. The next export tells the coordinator that the key was replaced.</source>
        <translation>لا تستبدل المفتاح إلا إذا أخبرك المنسّق أن مفتاحه تغيّر وأعطاك هذا المعرّف تماماً. بعد ذلك تُرفض الاستبيانات الموقّعة بالمفتاح {old}. يُعلم التصدير التالي المنسّق بأن المفتاح استُبدل.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="94"/>
        <source>Replace the key</source>
        <translation>استبدال المفتاح</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="94"/>
        <source>Cancel</source>
        <translation>إلغاء</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="106"/>
        <source>The key was not changed</source>
        <translation>لم يُغيَّر المفتاح</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="106"/>
        <location filename="../../rrdesk/gui/trusting.py" line="129"/>
        <location filename="../../rrdesk/gui/trusting.py" line="136"/>
        <source>OK</source>
        <translation>حسناً</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="116"/>
        <source>Write the enrollment file to</source>
        <translation>كتابة ملف التسجيل في</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="128"/>
        <source>The enrollment file was not written</source>
        <translation>لم يُكتب ملف التسجيل</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="131"/>
        <source>Enrollment file written</source>
        <translation>كُتب ملف التسجيل</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="132"/>
        <source>This laptop&apos;s key id:</source>
        <translation>معرّف مفتاح هذا الحاسوب:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="133"/>
        <source>Written: {file}. Give the file to the coordinator and read this key id to them (or let them read it on this screen): they type it when they enroll the laptop, and a file swapped on the way is refused.</source>
        <translation>كُتب: {file}. أعطِ الملف للمنسّق واقرأ له معرّف المفتاح هذا (أو دعه يقرؤه على هذه الشاشة): يكتبه عند تسجيل الحاسوب، ويُرفض أي ملف استُبدل في الطريق.</translation>
    </message>
</context>
</TS>
