<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>Dashboard</name>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="80" />
        <source>Open survey…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="103" />
        <source>Try again</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="116" />
        <source>Continue</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="117" />
        <source>Close it</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="136" />
        <source>Saved in this session</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="137" />
        <source>On this laptop (this survey)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="138" />
        <source>Last answer saved</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="139" />
        <source>Free disk space</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="140" />
        <source>Data folder</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="141" />
        <source>Interviews</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="148" />
        <source>Low disk space: export the data to a USB stick and free some space before the next interview.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="160" />
        <source>Start interview</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="164" />
        <source>Export to…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="170" />
        <source>Export in progress</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="182" />
        <source>Reduce spinner motion</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="188" />
        <source>Interviewer language:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="192" />
        <source>Interviewer language</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="229" />
        <source>Checking the survey's signature…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="232" />
        <source>{file} · languages: {languages} · ε per respondent: {epsilon} (cap {cap})</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="243" />
        <source>Signed by the coordinator's key {key}.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="244" />
        <source>Not signed.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="256" />
        <source>Answers are sealed to: {recipients}</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="247" />
        <source>The survey's signature cannot be trusted: {problem}</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="250" />
        <source>UNSIGNED SURVEY — nothing proves this file is the coordinator's. Use it for practice only; for real interviews ask the coordinator for the signed file (with its .minisig beside it).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="263" />
        <source>nothing saved yet</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="274" />
        <source>unknown</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="276" />
        <source>{size} GB</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="278" />
        <source>{size} MB</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="309" />
        <source>No interview can be recorded until this is fixed; the data can still be exported. Fix the cause, then tap Try again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="312" />
        <source>No interview can be recorded until this is fixed. Fix the cause, then tap Try again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="330" />
        <source>Interview {number} stopped after question {done} of {total}.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="331" />
        <source>Interview {number} stopped before its first question.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="333" />
        <source>Question {done} was spun but not answered; it is recorded as not answered and will not be asked again.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="336" />
        <source>No question is left: close it.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="338" />
        <source>Continue it with the same respondent (question {next} comes next), or close it.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="350" />
        <source>Exporting and checking the copy…</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>DirectScreen</name>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="163" />
        <source>New interview</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="164" />
        <source>Interviewer: fill in these answers before handing over the laptop.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="192" />
        <source>Cancel</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="193" />
        <source>Continue</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>EstimatesModel</name>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="75" />
        <source>No</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="75" />
        <source>Yes</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="78" />
        <source>(unknown)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="79" />
        <source>(skipped)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="106" />
        <source>Question, by {by}</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="106" />
        <source>Question</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="107" />
        <source>Answer</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="107" />
        <source>Recorded</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="108" />
        <source>Estimate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="108" />
        <source>95 % interval</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="110" />
        <source>Answers recorded</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="111" />
        <source>ε of one recorded answer: the smaller, the more private</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="112" />
        <source>How many answers were recorded as this answer (after the spinner), and their share</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="114" />
        <source>Estimated share of respondents for whom this answer is true</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="115" />
        <source>95 % confidence interval of the estimate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="116" />
        <source>The estimate (dot) with its 95 % interval (bar) and the recorded share (diamond), from 0 to 100 %</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="136" />
        <source>no answers</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="145" />
        <source>asked directly, not randomized</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="158" />
        <source>only {n} answers (under {small}): the interval is wide and only a rough guide</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>ExportFlow</name>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="52" />
        <source>Export to… (choose the USB stick)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="71" />
        <source>Export to the laptop's own disk?</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="72" />
        <source>Export here anyway</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="72" />
        <source>Choose another folder</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="80" />
        <source>Nothing was exported: choose the USB stick.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="91" />
        <source>Exported and checked on {device}: {path}</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="96" />
        <source>Export failed: {error}</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>FormatDialog</name>
    <message>
        <location filename="../../rrdesk/gui/help.py" line="29" />
        <source>The survey file</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/help.py" line="38" />
        <source>The survey file's reference is missing from this installation ({path}).</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>HandoverScreen</name>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="42" />
        <source>Please hand the laptop to the respondent.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="43" />
        <source>Interview {number}</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="45" />
        <source>I am the respondent: start</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="49" />
        <source>Stop this interview</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="57" />
        <source>Stop interview {number}? The questions not asked are marked not asked.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="60" />
        <source>Yes, stop it</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="61" />
        <source>Go back</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>InterviewController</name>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="148" />
        <location filename="../../rrdesk/gui/interview.py" line="170" />
        <source>No interview was started.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="161" />
        <source>The interview could not be started: {error}</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="176" />
        <source>Interview {number} was closed before the end.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="180" />
        <source>Interview {number} could not be closed: {error}</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="256" />
        <source>Interview {number}: the respondent did not consent; the refusal is saved.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="262" />
        <source>Interview {number} saved.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="374" />
        <source>Interview {number} stopped: {error}. Fix the cause (free some disk space), then continue it from here.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>InterviewerChooser</name>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="42" />
        <source>Interviewer:</source>
        <extracomment>What a typed id may contain while it is typed (the records' rule: rrdesk.core._survey_study)</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="46" />
        <location filename="../../rrdesk/gui/interviewer.py" line="52" />
        <source>Interviewer</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="51" />
        <source>Your interviewer id</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="72" />
        <source>Choose…</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="171" />
        <source>DEMO — readable with the public demo key. Never use it for real answers.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="177" />
        <source>&amp;File</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="178" />
        <source>&amp;Open survey…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="181" />
        <source>&amp;Export to…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="183" />
        <source>&amp;Results (coordinator)…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="185" />
        <source>&amp;Quit</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="222" />
        <source>Open survey</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="223" />
        <source>Survey files (*.toml);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="233" />
        <source>This survey file cannot be used</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="250" />
        <source>The survey file cannot be used; the demo survey is open instead</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="270" />
        <source>Opening the data folder…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="308" />
        <source>The data folder cannot be used: {error}</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="315" />
        <source>The data folder held a damaged file; it is kept for checking (rrdesk verify) and interviews go on.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="373" />
        <source>Close interview {number}?</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="374" />
        <source>The questions it did not reach are marked as not asked. This cannot be undone.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="375" />
        <source>Close it</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="375" />
        <source>Keep it</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="392" />
        <source>Interview {number} was closed; the questions it did not reach are marked as not asked.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="511" />
        <source>Leave the interview?</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="512" />
        <source>The interview stays interrupted: its saved answers are kept, and the dashboard offers to continue it next time.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="514" />
        <source>Leave</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="514" />
        <source>Stay</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="194" />
        <source>&amp;Help</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="195" />
        <source>Survey file &amp;format…</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>NumberField</name>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="101" />
        <source>Erase</source>
        <extracomment>The erase key's sign, and the minus sign a negative range gets (typed "-" is the same). The hint's and the error's font sizes in resources/style.qss (QLabel[role="hint"], [role="error"]).</extracomment>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="110" />
        <source>a number from {low} to {high}, {decimals} digits after the point at most</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="112" />
        <source>a whole number from {low} to {high}</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="122" />
        <source>Not accepted: enter {what}.</source>
        <translation type="unfinished" />
    </message>
</context>
<context>
    <name>ResultsWindow</name>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="78" />
        <source>rrdesk — Results</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="79" />
        <source>Results</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="80" />
        <source>Results: {title}</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="81" />
        <source>&amp;Open bundles…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="82" />
        <source>&amp;Identity file…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="83" />
        <source>&amp;Survey:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="84" />
        <source>Split &amp;by:</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="85" />
        <source>&amp;Compute</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="86" />
        <source>Save &amp;report…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="87" />
        <source>Working</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="88" />
        <source>Estimates</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="89" />
        <source>Problems</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="91" />
        <source>No bundle chosen yet: the .tar.age files exported from the laptops.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="92" />
        <location filename="../../rrdesk/gui/results.py" line="184" />
        <source>{bundles}: {names}</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="95" />
        <source>No identity file chosen yet: the file with your secret key (AGE-SECRET-KEY-1…).</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="97" />
        <source>{name} — read only while computing; rrdesk never saves it or its place.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="99" />
        <source>estimate</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="99" />
        <source>95 % confidence interval</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="100" />
        <source>recorded share (before correction)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="103" />
        <source>Each line names the bundle, the laptop's log and the record, and what is wrong. The records named here were left out; the rest was used.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="105" />
        <source>&amp;Estimates</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="106" />
        <source>&amp;Problems ({count})</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="109" />
        <location filename="../../rrdesk/gui/results.py" line="194" />
        <source>no split</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="120" />
        <source>Open export bundles</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="121" />
        <source>Export bundles (*.tar.age);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="128" />
        <source>Choose the identity file</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="129" />
        <source>Identity files (*.txt *.key);;All files (*)</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="155" />
        <source>Opening the bundles…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="162" />
        <source>No bundle could be opened with this identity file. Compute lists what is wrong.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="166" />
        <source>The bundles hold the survey “{title}”. Press Compute.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="168" />
        <source>The bundles hold {count} surveys: choose one, then press Compute.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="206" />
        <source>Press Compute to see the results of this survey.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="214" />
        <source>Splitting the results…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="226" />
        <source>Decrypting and checking every record of {bundles}…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="233" />
        <source>Nothing to show: no bundle could be used. The Problems tab says why.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="237" />
        <source>Computed from {bundles}.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="238" />
        <source>Records found in several bundles were counted once.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="239" />
        <source>The records named under Problems were left out; everything else was used.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="257" />
        <source>{bundle}: left out, it holds another survey ({id}); choose that survey to see its results.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="263" />
        <source>Choose the bundles and your identity file, then press Compute. The numbers are those of “rrdesk aggregate”.</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results.py" line="267" />
        <source>%n laptop(s)</source>
        <translation>
            <numerusform>%n laptop</numerusform>
            <numerusform>%n laptops</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="268" />
        <source>{interviews} interviews · {records} records · {laptops} · ε per respondent {epsilon} (cap {cap})</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="275" />
        <source>✓ Every bundle verified</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results.py" line="276" />
        <source>⚠ %n problem(s): see Problems</source>
        <translation>
            <numerusform>⚠ %n problem: see Problems</numerusform>
            <numerusform>⚠ %n problems: see Problems</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="277" />
        <source>Each record's chain, tag and content checked out; records found in several bundles were counted once.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="279" />
        <source>The damaged or doubtful records were left out and everything else was used.</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="293" />
        <source>laptop {laptop}…, log {log}…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="296" />
        <source>record {number}</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="297" />
        <source>{where}: {what}</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="305" />
        <source>forced response</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="305" />
        <source>Warner's mirrored question</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="306" />
        <source>unrelated question</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="306" />
        <source>k-ary randomized response</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="307" />
        <source>asked directly</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="308" />
        <source>{design}, ε = {epsilon}</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="309" />
        <source>{id} ({design}): {text}</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="310" />
        <source>Method: {method}</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="312" />
        <source>{declined} declined, {abandoned} not reached, {after_spin} stopped after the spin</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="325" />
        <source>Save the report in…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="334" />
        <source>Writing the report…</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="338" />
        <source>Report saved in {folder}: {files}</source>
        <translation type="unfinished" />
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="344" />
        <source>The report could not be saved: {error}</source>
        <translation type="unfinished" />
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results.py" line="356" />
        <source>%n bundle(s)</source>
        <translation>
            <numerusform>%n bundle</numerusform>
            <numerusform>%n bundles</numerusform>
        </translation>
    </message>
</context>
</TS>