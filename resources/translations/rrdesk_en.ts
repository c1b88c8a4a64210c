<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>Dashboard</name>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="114"/>
        <source>Open survey…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="122"/>
        <source>Trust this key instead…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="141"/>
        <source>Try again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="154"/>
        <source>Continue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="155"/>
        <source>Close it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="171"/>
        <location filename="../../rrdesk/gui/dashboard.py" line="449"/>
        <source>not yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="175"/>
        <source>Saved in this session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="176"/>
        <source>On this laptop (this survey)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="177"/>
        <source>Last answer saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="178"/>
        <source>Last export (this session)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="179"/>
        <source>Free disk space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="180"/>
        <source>Data folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="181"/>
        <source>Interviews</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="188"/>
        <source>Low disk space: export the data to a USB stick and free some space before the next interview.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="200"/>
        <source>Start interview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="204"/>
        <source>Export to…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="210"/>
        <source>Export in progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="222"/>
        <source>Reduce spinner motion</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="228"/>
        <source>Interviewer language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="232"/>
        <source>Interviewer language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="269"/>
        <source>Checking the survey&apos;s signature…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="272"/>
        <source>{file} · languages: {languages} · ε per respondent: {epsilon} (cap {cap})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="287"/>
        <source>Signed by the coordinator&apos;s key {key}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="288"/>
        <source>Signed by key {key}, not yet confirmed on this laptop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="289"/>
        <source>Signed by key {key}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="290"/>
        <source>Not signed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="297"/>
        <source>PRACTICE ONLY — this file is not signed, and this laptop trusts the coordinator&apos;s key {trusted}. Interviews cannot be recorded with it: ask the coordinator for the signed file (with its .minisig beside it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="302"/>
        <source>NOT THE COORDINATOR&apos;S FILE — it is signed by key {key}, but this laptop trusts the coordinator&apos;s key {trusted}. Interviews cannot be recorded with it. Only if the coordinator told you their key changed, and gave you the new key id: Trust this key instead…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="307"/>
        <source>Compare key {key} with the key id the coordinator gave you before recording interviews.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="317"/>
        <source>Answers are sealed to: {recipients}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="453"/>
        <source>today at {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="293"/>
        <source>The survey&apos;s signature cannot be trusted: {problem}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="310"/>
        <source>UNSIGNED SURVEY — nothing proves this file is the coordinator&apos;s. Use it for practice only; for real interviews ask the coordinator for the signed file (with its .minisig beside it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="324"/>
        <source>nothing saved yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="335"/>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="337"/>
        <source>{size} GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="339"/>
        <source>{size} MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="371"/>
        <source>No interview can be recorded until this is fixed; the data can still be exported. Fix the cause, then tap Try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="374"/>
        <source>No interview can be recorded until this is fixed. Fix the cause, then tap Try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="396"/>
        <source>Interview {number} stopped {when} after question {done} of {total}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="397"/>
        <source>Interview {number} stopped {when} before its first question.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="399"/>
        <source>Interview {number} stopped after question {done} of {total}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="400"/>
        <source>Interview {number} stopped before its first question.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="402"/>
        <source>Its direct answers are saved ({count}); they are not asked again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="405"/>
        <source>Question {done} was spun but not answered; it is recorded as not answered and will not be asked again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="408"/>
        <source>No question is left: close it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="410"/>
        <source>Continue it with the same respondent (question {next} comes next), or close it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="431"/>
        <source>today at about {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="433"/>
        <source>yesterday at about {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="435"/>
        <source>on {day} at about {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="437"/>
        <source>on {date} at about {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="442"/>
        <source>Exporting and checking the copy…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DirectScreen</name>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="180"/>
        <source>New interview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="181"/>
        <source>Interviewer: fill in these answers before handing over the laptop.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="219"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="220"/>
        <source>Continue</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EstimatesModel</name>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="74"/>
        <source>No</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="74"/>
        <source>Yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="77"/>
        <source>(unknown)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="78"/>
        <source>(skipped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="105"/>
        <source>Question, by {by}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="105"/>
        <source>Question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="106"/>
        <source>Answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="106"/>
        <source>Recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="107"/>
        <source>Estimate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="107"/>
        <source>95 % interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="109"/>
        <source>Answers recorded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="110"/>
        <source>ε of one recorded answer: the smaller, the more private</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="111"/>
        <source>How many answers were recorded as this answer (after the spinner), and their share</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="113"/>
        <source>Estimated share of respondents for whom this answer is true</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="114"/>
        <source>95 % confidence interval of the estimate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="115"/>
        <source>The estimate (dot) with its 95 % interval (bar) and the recorded share (diamond), from 0 to 100 %</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="135"/>
        <source>no answers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="144"/>
        <source>asked directly, not randomized</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="157"/>
        <source>only {n} answers (under {small}): the interval is wide and only a rough guide</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ExportFlow</name>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="66"/>
        <source>Export to… (choose the USB stick)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="87"/>
        <source>Export to the laptop&apos;s own disk?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="88"/>
        <source>Export here anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="88"/>
        <source>Choose another folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="108"/>
        <source>Exported and checked on {device}: {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/exporting.py" line="110"/>
        <source>It holds %n interview(s).</source>
        <translation>
            <numerusform>It holds %n interview.</numerusform>
            <numerusform>It holds %n interviews.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="112"/>
        <source>You may remove the USB stick now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="120"/>
        <source>Export failed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FieldworkPage</name>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="173"/>
        <source>Interviewers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="174"/>
        <source>Interviewer checks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="175"/>
        <source>Laptops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="177"/>
        <source>Compute to see who sent what and when.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="182"/>
        <source>{first} – {last}: {begun} interviews begun, {completed} completed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="185"/>
        <source>{completed} of {planned} planned ({share} %).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="188"/>
        <source>By {by}: {groups}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="190"/>
        <source>Interviewer checks: each keeps its false alarms, when every interviewer works honestly, to {alpha} % of studies. A flag asks for a look; it proves nothing. Counts only: no answer of anyone is shown.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="198"/>
        <source>No interviewer was flagged.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="200"/>
        <source>{laptop}: %n bundle(s)</source>
        <translation>
            <numerusform>{laptop}: %n bundle</numerusform>
            <numerusform>{laptop}: %n bundles</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="202"/>
        <source>last exported {time}</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="204"/>
        <source>%n synthetic interview(s) left out</source>
        <translation>
            <numerusform>%n synthetic interview left out</numerusform>
            <numerusform>%n synthetic interviews left out</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FormatDialog</name>
    <message>
        <location filename="../../rrdesk/gui/help.py" line="29"/>
        <source>The survey file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/help.py" line="38"/>
        <source>The survey file&apos;s reference is missing from this installation ({path}).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>HandoverScreen</name>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="54"/>
        <source>Please hand the laptop to the respondent.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="55"/>
        <source>Interview {number}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="57"/>
        <source>I am the respondent: start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="61"/>
        <source>Stop this interview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="69"/>
        <source>Stop interview {number}? The questions not asked are marked not asked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="72"/>
        <source>Yes, stop it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="73"/>
        <source>Go back</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InterviewController</name>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="166"/>
        <location filename="../../rrdesk/gui/interview.py" line="188"/>
        <source>No interview was started.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="179"/>
        <source>The interview could not be started: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="194"/>
        <source>Interview {number} was closed before the end.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="198"/>
        <source>Interview {number} could not be closed: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="276"/>
        <source>Interview {number}: the respondent did not consent; the refusal is saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="282"/>
        <source>Interview {number} saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="397"/>
        <source>Interview {number} stopped: {error}. Fix the cause (free some disk space), then continue it from here.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InterviewerChooser</name>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="41"/>
        <source>Interviewer:</source>
        <extracomment>What a typed id may contain while it is typed (the records&apos; rule: rrdesk.core.survey._study)</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="45"/>
        <location filename="../../rrdesk/gui/interviewer.py" line="51"/>
        <source>Interviewer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="50"/>
        <source>Your interviewer id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="71"/>
        <source>Choose…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InterviewersModel</name>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Interviewer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Laptops</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Days</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Begun</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="66"/>
        <source>Stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="66"/>
        <source>Refused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="66"/>
        <source>Flags</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="66"/>
        <source>Per day</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="192"/>
        <source>DEMO — readable with the public demo key. Never use it for real answers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="199"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="200"/>
        <source>&amp;Open survey…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="203"/>
        <source>&amp;Export to…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="205"/>
        <source>Write &amp;enrollment file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="207"/>
        <source>&amp;Results (coordinator)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="209"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="246"/>
        <source>Open survey</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="247"/>
        <source>Survey files (*.toml);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="257"/>
        <source>This survey file cannot be used</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="277"/>
        <source>{problem}; forgotten (settings file {file})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="279"/>
        <source>The survey file cannot be used; the demo survey is open instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="299"/>
        <source>Opening the data folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="313"/>
        <source>Confirm the coordinator&apos;s key to record interviews.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="333"/>
        <source>The coordinator&apos;s key was not confirmed: interviews cannot be recorded with this survey. Open it again once you have the key id.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="362"/>
        <source>The data folder cannot be used: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="369"/>
        <source>The data folder held a damaged file; it is kept for checking (rrdesk verify) and interviews go on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="152"/>
        <source>Close interview {number}?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="157"/>
        <source>The questions it did not reach are marked as not asked. This cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="153"/>
        <source>Close it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="160"/>
        <source>Keep it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="199"/>
        <source>Interview {number} was closed; the questions it did not reach are marked as not asked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="178"/>
        <source>Leave the interview?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="127"/>
        <source>Close interview {number} and start a new one?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="129"/>
        <source>Close it and start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="179"/>
        <source>The interview stays interrupted: its saved answers are kept, and the dashboard offers to continue it next time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="181"/>
        <source>Leave</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="181"/>
        <source>Stay</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="218"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="219"/>
        <source>Survey file &amp;format…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NumberField</name>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="113"/>
        <source>Erase</source>
        <extracomment>The erase key&apos;s sign, and the minus sign a negative range gets (typed &quot;-&quot; is the same). The hint&apos;s and the error&apos;s font sizes in resources/style.qss (QLabel[role=&quot;hint&quot;], [role=&quot;error&quot;]). A question&apos;s margins (left, top, right, bottom): room at its start for the bar that marks it while it is new (style.qss: QFrame[revealed=&quot;true&quot;], a border 8 px wide).</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="122"/>
        <source>a number from {low} to {high}, {decimals} digits after the point at most</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="124"/>
        <source>a whole number from {low} to {high}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="134"/>
        <source>Not accepted: enter {what}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ResultsWindow</name>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="114"/>
        <source>rrdesk — Results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="115"/>
        <source>Results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="116"/>
        <source>Results: {title}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="117"/>
        <source>&amp;Open bundles…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="118"/>
        <source>&amp;Identity file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="119"/>
        <source>&amp;Survey:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="120"/>
        <source>Split &amp;by:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="121"/>
        <source>&amp;Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="122"/>
        <source>Save &amp;report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="123"/>
        <source>Enroll this laptop…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="124"/>
        <source>Use anyway (unverified)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="125"/>
        <source>Count the synthetic interviews</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="126"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="127"/>
        <source>Interviews made by rrdesk simulate, for practice: they are left out of the estimates unless you count them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="129"/>
        <source>Working</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="130"/>
        <source>Estimates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="131"/>
        <source>Problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="133"/>
        <source>No bundle chosen yet: the .tar.age files exported from the laptops.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="134"/>
        <location filename="../../rrdesk/gui/results/__init__.py" line="233"/>
        <source>{bundles}: {names}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="137"/>
        <source>No identity file chosen yet: the file with your secret key (AGE-SECRET-KEY-1…).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="139"/>
        <source>{name} — read only while computing; rrdesk never saves it or its place.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="141"/>
        <source>estimate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="141"/>
        <source>95 % confidence interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="142"/>
        <source>recorded share (before correction)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="145"/>
        <source>Each line names the bundle, the laptop&apos;s log and the record, and what is wrong. The records named here were left out; the rest was used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="147"/>
        <source>&amp;Estimates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="148"/>
        <source>&amp;Problems ({count})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="152"/>
        <source>&amp;Fieldwork</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="153"/>
        <source>&amp;Fieldwork (%n flag(s))</source>
        <translation>
            <numerusform>&amp;Fieldwork (%n flag)</numerusform>
            <numerusform>&amp;Fieldwork (%n flags)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="156"/>
        <location filename="../../rrdesk/gui/results/__init__.py" line="243"/>
        <source>no split</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="167"/>
        <source>Open export bundles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="168"/>
        <source>Export bundles (*.tar.age);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="175"/>
        <source>Choose the identity file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="176"/>
        <source>Identity files (*.txt *.key);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="204"/>
        <source>Opening the bundles…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="211"/>
        <source>No bundle could be opened with this identity file. Compute lists what is wrong.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="215"/>
        <source>The bundles hold the survey “{title}”. Press Compute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="217"/>
        <source>The bundles hold {count} surveys: choose one, then press Compute.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="255"/>
        <source>Press Compute to see the results of this survey.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="263"/>
        <source>Splitting the results…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="275"/>
        <source>Decrypting and checking every record of {bundles}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="303"/>
        <source>Stopping…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="312"/>
        <source>Decrypting and checking: {done} of {planned} records</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="316"/>
        <source>about %n second(s) left</source>
        <translation>
            <numerusform>about %n second left</numerusform>
            <numerusform>about %n seconds left</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="322"/>
        <source>Nothing to show: no bundle could be used. The Problems tab says why.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="325"/>
        <source>Nothing was used: these bundles hold synthetic interviews (made by rrdesk simulate, for practice), which are left out. The Problems tab can count them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="329"/>
        <source>Nothing was used: every record was left out (0 interviews). The Problems tab says why; a laptop that is not enrolled can be enrolled there, or used anyway.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="333"/>
        <source>Computed from {bundles}, with the records of laptops not proven used anyway (unverified): nothing shows that your laptops made them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="339"/>
        <source>Computed from {bundles}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="340"/>
        <source>Records found in several bundles were counted once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="341"/>
        <source>The records named under Problems were left out; everything else was used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="348"/>
        <source>Cancelled: nothing was computed or saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="362"/>
        <source>{bundle}: left out, it holds another survey ({id}); choose that survey to see its results.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="368"/>
        <source>Choose the bundles and your identity file, then press Compute. The numbers are those of “rrdesk aggregate”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="372"/>
        <source>%n laptop(s)</source>
        <translation>
            <numerusform>%n laptop</numerusform>
            <numerusform>%n laptops</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="373"/>
        <source>{interviews} interviews · {records} records · {laptops} · ε per respondent {epsilon} (cap {cap})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="380"/>
        <source>✓ Every bundle verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="381"/>
        <source>⚠ %n problem(s): see Problems</source>
        <translation>
            <numerusform>⚠ %n problem: see Problems</numerusform>
            <numerusform>⚠ %n problems: see Problems</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="382"/>
        <source>Each record&apos;s chain, tag and content checked out; records found in several bundles were counted once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="384"/>
        <source>The damaged or doubtful records were left out and everything else was used.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="403"/>
        <source>laptop {laptop}…, log {log}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="406"/>
        <source>record {number}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="407"/>
        <source>{where}: {what}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="417"/>
        <source>The laptop&apos;s enrollment file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="418"/>
        <source>Enrollment files (rrdesk-laptop-*.pub);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="422"/>
        <location filename="../../rrdesk/gui/results/__init__.py" line="427"/>
        <source>Enroll this laptop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="422"/>
        <source>The key id the laptop shows (File ▸ Write enrollment file… on the laptop), as XXXX-XXXX-XXXX-XXXX:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="428"/>
        <source>A name for the laptop (optional), e.g. Laptop 3, Amina:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="448"/>
        <source>Laptop {laptop} (key id {code}) enrolled in {list}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="473"/>
        <source>forced response</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="473"/>
        <source>Warner&apos;s mirrored question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="474"/>
        <source>unrelated question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="474"/>
        <source>k-ary randomized response</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="475"/>
        <source>unrelated question, unknown prevalence</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="475"/>
        <source>asked directly</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="476"/>
        <source>{design}, ε = {epsilon}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="477"/>
        <source>{id} ({design}): {text}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="478"/>
        <source>Method: {method}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="480"/>
        <source>{declined} declined, {abandoned} not reached, {after_spin} stopped after the spin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="494"/>
        <source>Save the report in…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="503"/>
        <source>Writing the report…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="507"/>
        <source>Report saved in {folder}: {files}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="510"/>
        <source>The Stata and SPSS files (answers.dta, answers.sav) were not written: they need rrdesk&apos;s datafiles extra (pip install &apos;rrdesk[datafiles]&apos;); the CSV files hold the same data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="517"/>
        <source>The report could not be saved: {error}</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="529"/>
        <source>%n bundle(s)</source>
        <translation>
            <numerusform>%n bundle</numerusform>
            <numerusform>%n bundles</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TrustFlow</name>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="72"/>
        <source>Confirm the coordinator&apos;s key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="73"/>
        <source>This survey is signed by the key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="74"/>
        <source>Is this exactly the key id your coordinator gave you? If it is, this laptop will trust this key from now on: surveys signed by any other key are refused. If it is not, or you do not know, choose Not now and call the coordinator.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="77"/>
        <source>Yes, trust this key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="77"/>
        <source>Not now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="88"/>
        <source>Replace the coordinator&apos;s key?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="89"/>
        <source>This laptop trusts the coordinator&apos;s key {old}. This survey is signed by the key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="91"/>
        <source>Replace the key only if the coordinator told you their key changed and gave you exactly this key id. From then on surveys signed by {old} are refused. The next export tells the coordinator that the key was replaced.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="94"/>
        <source>Replace the key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="94"/>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="106"/>
        <source>The key was not changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="106"/>
        <location filename="../../rrdesk/gui/trusting.py" line="129"/>
        <location filename="../../rrdesk/gui/trusting.py" line="136"/>
        <source>OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="116"/>
        <source>Write the enrollment file to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="128"/>
        <source>The enrollment file was not written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="131"/>
        <source>Enrollment file written</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="132"/>
        <source>This laptop&apos;s key id:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="133"/>
        <source>Written: {file}. Give the file to the coordinator and read this key id to them (or let them read it on this screen): they type it when they enroll the laptop, and a file swapped on the way is refused.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
