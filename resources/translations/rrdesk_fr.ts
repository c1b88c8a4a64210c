<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="fr" sourcelanguage="en">
<context>
    <name>Dashboard</name>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="80" />
        <source>Open survey…</source>
        <translation>Ouvrir une enquête…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="103" />
        <source>Try again</source>
        <translation>Réessayer</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="116" />
        <source>Continue</source>
        <translation>Continuer</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="117" />
        <source>Close it</source>
        <translation>Le clôturer</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="136" />
        <source>Saved in this session</source>
        <translation>Enregistrés pendant cette session</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="137" />
        <source>On this laptop (this survey)</source>
        <translation>Sur cet ordinateur (cette enquête)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="138" />
        <source>Last answer saved</source>
        <translation>Dernier enregistrement</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="139" />
        <source>Free disk space</source>
        <translation>Espace disque libre</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="140" />
        <source>Data folder</source>
        <translation>Dossier des données</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="141" />
        <source>Interviews</source>
        <translation>Entretiens</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="148" />
        <source>Low disk space: export the data to a USB stick and free some space before the next interview.</source>
        <translation>Espace disque faible : exportez les données sur une clé USB et libérez de la place avant le prochain entretien.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="160" />
        <source>Start interview</source>
        <translation>Commencer un entretien</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="164" />
        <source>Export to…</source>
        <translation>Exporter vers…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="170" />
        <source>Export in progress</source>
        <translation>Export en cours</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="182" />
        <source>Reduce spinner motion</source>
        <translation>Réduire le mouvement de la roue</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="188" />
        <source>Interviewer language:</source>
        <translation>Langue de l'enquêteur :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="192" />
        <source>Interviewer language</source>
        <translation>Langue de l'enquêteur</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="229" />
        <source>Checking the survey's signature…</source>
        <translation>Vérification de la signature du questionnaire…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="232" />
        <source>{file} · languages: {languages} · ε per respondent: {epsilon} (cap {cap})</source>
        <translation>{file} · langues : {languages} · ε par répondant : {epsilon} (plafond {cap})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="243" />
        <source>Signed by the coordinator's key {key}.</source>
        <translation>Signé par la clé du coordinateur {key}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="244" />
        <source>Not signed.</source>
        <translation>Non signé.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="256" />
        <source>Answers are sealed to: {recipients}</source>
        <translation>Les réponses sont scellées pour : {recipients}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="247" />
        <source>The survey's signature cannot be trusted: {problem}</source>
        <translation>La signature du questionnaire n'est pas fiable : {problem}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="250" />
        <source>UNSIGNED SURVEY — nothing proves this file is the coordinator's. Use it for practice only; for real interviews ask the coordinator for the signed file (with its .minisig beside it).</source>
        <translation>QUESTIONNAIRE NON SIGNÉ — rien ne prouve que ce fichier vient du coordinateur. À utiliser pour s'exercer seulement ; pour de vrais entretiens, demandez au coordinateur le fichier signé (avec son .minisig à côté).</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="263" />
        <source>nothing saved yet</source>
        <translation>rien n'est encore enregistré</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="274" />
        <source>unknown</source>
        <translation>inconnu</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="276" />
        <source>{size} GB</source>
        <translation>{size} Go</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="278" />
        <source>{size} MB</source>
        <translation>{size} Mo</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="309" />
        <source>No interview can be recorded until this is fixed; the data can still be exported. Fix the cause, then tap Try again.</source>
        <translation>Aucun entretien ne peut être enregistré tant que ce n'est pas réparé ; les données peuvent encore être exportées. Réglez la cause, puis touchez Réessayer.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="312" />
        <source>No interview can be recorded until this is fixed. Fix the cause, then tap Try again.</source>
        <translation>Aucun entretien ne peut être enregistré tant que ce n'est pas réparé. Réglez la cause, puis touchez Réessayer.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="330" />
        <source>Interview {number} stopped after question {done} of {total}.</source>
        <translation>L'entretien {number} s'est arrêté après la question {done} sur {total}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="331" />
        <source>Interview {number} stopped before its first question.</source>
        <translation>L'entretien {number} s'est arrêté avant sa première question.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="333" />
        <source>Question {done} was spun but not answered; it is recorded as not answered and will not be asked again.</source>
        <translation>La roue de la question {done} a tourné, mais la question n'a pas reçu de réponse ; elle est enregistrée comme sans réponse et ne sera plus posée.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="336" />
        <source>No question is left: close it.</source>
        <translation>Il ne reste aucune question : clôturez-le.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="338" />
        <source>Continue it with the same respondent (question {next} comes next), or close it.</source>
        <translation>Continuez-le avec la même personne (la question {next} vient ensuite), ou clôturez-le.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="350" />
        <source>Exporting and checking the copy…</source>
        <translation>Export et vérification de la copie…</translation>
    </message>
</context>
<context>
    <name>DirectScreen</name>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="163" />
        <source>New interview</source>
        <translation>Nouvel entretien</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="164" />
        <source>Interviewer: fill in these answers before handing over the laptop.</source>
        <translation>Enquêteur : remplissez ces réponses avant de passer l'ordinateur.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="192" />
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="193" />
        <source>Continue</source>
        <translation>Continuer</translation>
    </message>
</context>
<context>
    <name>EstimatesModel</name>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="75" />
        <source>No</source>
        <translation>Non</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="75" />
        <source>Yes</source>
        <translation>Oui</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="78" />
        <source>(unknown)</source>
        <translation>(inconnu)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="79" />
        <source>(skipped)</source>
        <translation>(question sautée)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="106" />
        <source>Question, by {by}</source>
        <translation>Question, par {by}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="106" />
        <source>Question</source>
        <translation>Question</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="107" />
        <source>Answer</source>
        <translation>Réponse</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="107" />
        <source>Recorded</source>
        <translation>Enregistré</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="108" />
        <source>Estimate</source>
        <translation>Estimation</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="108" />
        <source>95 % interval</source>
        <translation>Intervalle à 95 %</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="110" />
        <source>Answers recorded</source>
        <translation>Réponses enregistrées</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="111" />
        <source>ε of one recorded answer: the smaller, the more private</source>
        <translation>ε d'une réponse enregistrée : plus il est petit, mieux la personne est protégée</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="112" />
        <source>How many answers were recorded as this answer (after the spinner), and their share</source>
        <translation>Combien de réponses ont été enregistrées ainsi (après la roue), et leur part</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="114" />
        <source>Estimated share of respondents for whom this answer is true</source>
        <translation>Part estimée des personnes interrogées pour qui cette réponse est vraie</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="115" />
        <source>95 % confidence interval of the estimate</source>
        <translation>Intervalle de confiance à 95 % de l'estimation</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="116" />
        <source>The estimate (dot) with its 95 % interval (bar) and the recorded share (diamond), from 0 to 100 %</source>
        <translation>L'estimation (point) avec son intervalle à 95 % (barre) et la part enregistrée (losange), de 0 à 100 %</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="136" />
        <source>no answers</source>
        <translation>aucune réponse</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="145" />
        <source>asked directly, not randomized</source>
        <translation>posée directement, sans roue</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results_table.py" line="158" />
        <source>only {n} answers (under {small}): the interval is wide and only a rough guide</source>
        <translation>seulement {n} réponses (moins de {small}) : l'intervalle est large et ne donne qu'un ordre de grandeur</translation>
    </message>
</context>
<context>
    <name>ExportFlow</name>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="52" />
        <source>Export to… (choose the USB stick)</source>
        <translation>Exporter vers… (choisissez la clé USB)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="71" />
        <source>Export to the laptop's own disk?</source>
        <translation>Exporter sur le disque de l'ordinateur lui-même ?</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="72" />
        <source>Export here anyway</source>
        <translation>Exporter ici quand même</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="72" />
        <source>Choose another folder</source>
        <translation>Choisir un autre dossier</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="80" />
        <source>Nothing was exported: choose the USB stick.</source>
        <translation>Rien n'a été exporté : choisissez la clé USB.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="91" />
        <source>Exported and checked on {device}: {path}</source>
        <translation>Exporté et vérifié sur {device} : {path}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="96" />
        <source>Export failed: {error}</source>
        <translation>Échec de l'export : {error}</translation>
    </message>
</context>
<context>
    <name>FormatDialog</name>
    <message>
        <location filename="../../rrdesk/gui/help.py" line="29" />
        <source>The survey file</source>
        <translation>Le fichier d’enquête</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/help.py" line="38" />
        <source>The survey file's reference is missing from this installation ({path}).</source>
        <translation>La référence du fichier d’enquête manque dans cette installation ({path}).</translation>
    </message>
</context>
<context>
    <name>HandoverScreen</name>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="42" />
        <source>Please hand the laptop to the respondent.</source>
        <translation>Veuillez passer l'ordinateur à la personne interrogée.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="43" />
        <source>Interview {number}</source>
        <translation>Entretien {number}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="45" />
        <source>I am the respondent: start</source>
        <translation>Je suis la personne interrogée : commencer</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="49" />
        <source>Stop this interview</source>
        <translation>Arrêter cet entretien</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="57" />
        <source>Stop interview {number}? The questions not asked are marked not asked.</source>
        <translation>Arrêter l'entretien {number} ? Les questions pas encore posées sont marquées non posées.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="60" />
        <source>Yes, stop it</source>
        <translation>Oui, l'arrêter</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="61" />
        <source>Go back</source>
        <translation>Revenir</translation>
    </message>
</context>
<context>
    <name>InterviewController</name>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="148" />
        <location filename="../../rrdesk/gui/interview.py" line="170" />
        <source>No interview was started.</source>
        <translation>Aucun entretien n'a été commencé.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="161" />
        <source>The interview could not be started: {error}</source>
        <translation>L'entretien n'a pas pu commencer : {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="176" />
        <source>Interview {number} was closed before the end.</source>
        <translation>L'entretien {number} a été clôturé avant la fin.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="180" />
        <source>Interview {number} could not be closed: {error}</source>
        <translation>L'entretien {number} n'a pas pu être clôturé : {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="256" />
        <source>Interview {number}: the respondent did not consent; the refusal is saved.</source>
        <translation>Entretien {number} : la personne n’a pas donné son accord ; le refus est enregistré.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="374" />
        <source>Interview {number} stopped: {error}. Fix the cause (free some disk space), then continue it from here.</source>
        <translation>L'entretien {number} s'est arrêté : {error}. Corrigez la cause (libérez de l'espace disque), puis continuez-le d'ici.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="262" />
        <source>Interview {number} saved.</source>
        <translation>Entretien {number} enregistré.</translation>
    </message>
</context>
<context>
    <name>InterviewerChooser</name>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="42" />
        <source>Interviewer:</source>
        <extracomment>What a typed id may contain while it is typed (the records' rule: rrdesk.core._survey_study)</extracomment>
        <translation>Enquêteur :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="46" />
        <location filename="../../rrdesk/gui/interviewer.py" line="52" />
        <source>Interviewer</source>
        <translation>Enquêteur</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="51" />
        <source>Your interviewer id</source>
        <translation>Votre identifiant d’enquêteur</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="72" />
        <source>Choose…</source>
        <translation>Choisir…</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="171" />
        <source>DEMO — readable with the public demo key. Never use it for real answers.</source>
        <translation>DÉMO — lisible avec la clé de démonstration publique. Ne l'utilisez jamais pour de vraies réponses.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="177" />
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="178" />
        <source>&amp;Open survey…</source>
        <translation>&amp;Ouvrir une enquête…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="181" />
        <source>&amp;Export to…</source>
        <translation>&amp;Exporter vers…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="183" />
        <source>&amp;Results (coordinator)…</source>
        <translation>&amp;Résultats (coordinateur)…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="185" />
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="222" />
        <source>Open survey</source>
        <translation>Ouvrir une enquête</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="223" />
        <source>Survey files (*.toml);;All files (*)</source>
        <translation>Fichiers d'enquête (*.toml);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="233" />
        <source>This survey file cannot be used</source>
        <translation>Ce fichier d'enquête ne peut pas être utilisé</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="250" />
        <source>The survey file cannot be used; the demo survey is open instead</source>
        <translation>Le fichier d'enquête ne peut pas être utilisé ; l'enquête de démonstration est ouverte à la place</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="270" />
        <source>Opening the data folder…</source>
        <translation>Ouverture du dossier des données…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="308" />
        <source>The data folder cannot be used: {error}</source>
        <translation>Le dossier des données ne peut pas être utilisé : {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="315" />
        <source>The data folder held a damaged file; it is kept for checking (rrdesk verify) and interviews go on.</source>
        <translation>Le dossier de données contenait un fichier endommagé ; il est conservé pour vérification (rrdesk verify) et les entretiens continuent.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="373" />
        <source>Close interview {number}?</source>
        <translation>Clore l'entretien {number} ?</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="374" />
        <source>The questions it did not reach are marked as not asked. This cannot be undone.</source>
        <translation>Les questions qu'il n'a pas atteintes sont marquées comme non posées. Cela ne peut pas être annulé.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="375" />
        <source>Close it</source>
        <translation>Le clore</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="375" />
        <source>Keep it</source>
        <translation>Le garder</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="392" />
        <source>Interview {number} was closed; the questions it did not reach are marked as not asked.</source>
        <translation>L'entretien {number} a été clôturé ; les questions qu'il n'a pas atteintes sont marquées comme non posées.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="511" />
        <source>Leave the interview?</source>
        <translation>Quitter l'entretien ?</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="512" />
        <source>The interview stays interrupted: its saved answers are kept, and the dashboard offers to continue it next time.</source>
        <translation>L'entretien reste interrompu : ses réponses enregistrées sont conservées, et le tableau de bord proposera de le continuer la prochaine fois.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="514" />
        <source>Leave</source>
        <translation>Quitter</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="514" />
        <source>Stay</source>
        <translation>Rester</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="194" />
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="195" />
        <source>Survey file &amp;format…</source>
        <translation>&amp;Format du fichier d’enquête…</translation>
    </message>
</context>
<context>
    <name>NumberField</name>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="101" />
        <source>Erase</source>
        <extracomment>The erase key's sign, and the minus sign a negative range gets (typed "-" is the same). The hint's and the error's font sizes in resources/style.qss (QLabel[role="hint"], [role="error"]).</extracomment>
        <translation>Effacer</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="110" />
        <source>a number from {low} to {high}, {decimals} digits after the point at most</source>
        <translation>un nombre de {low} à {high}, au plus {decimals} chiffres après la virgule</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="112" />
        <source>a whole number from {low} to {high}</source>
        <translation>un nombre entier de {low} à {high}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="122" />
        <source>Not accepted: enter {what}.</source>
        <translation>Non accepté : saisissez {what}.</translation>
    </message>
</context>
<context>
    <name>ResultsWindow</name>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="78" />
        <source>rrdesk — Results</source>
        <translation>rrdesk — Résultats</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="79" />
        <source>Results</source>
        <translation>Résultats</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="80" />
        <source>Results: {title}</source>
        <translation>Résultats : {title}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="81" />
        <source>&amp;Open bundles…</source>
        <translation>&amp;Ouvrir des lots…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="82" />
        <source>&amp;Identity file…</source>
        <translation>Fichier d'&amp;identité…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="83" />
        <source>&amp;Survey:</source>
        <translation>&amp;Enquête :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="84" />
        <source>Split &amp;by:</source>
        <translation>&amp;Ventiler par :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="85" />
        <source>&amp;Compute</source>
        <translation>&amp;Calculer</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="86" />
        <source>Save &amp;report…</source>
        <translation>Enregistrer le &amp;rapport…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="87" />
        <source>Working</source>
        <translation>Calcul en cours</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="88" />
        <source>Estimates</source>
        <translation>Estimations</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="89" />
        <source>Problems</source>
        <translation>Problèmes</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="91" />
        <source>No bundle chosen yet: the .tar.age files exported from the laptops.</source>
        <translation>Aucun lot choisi pour l'instant : les fichiers .tar.age exportés des ordinateurs.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="92" />
        <location filename="../../rrdesk/gui/results.py" line="184" />
        <source>{bundles}: {names}</source>
        <translation>{bundles} : {names}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="95" />
        <source>No identity file chosen yet: the file with your secret key (AGE-SECRET-KEY-1…).</source>
        <translation>Aucun fichier d'identité choisi pour l'instant : le fichier de votre clé secrète (AGE-SECRET-KEY-1…).</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="97" />
        <source>{name} — read only while computing; rrdesk never saves it or its place.</source>
        <translation>{name} — lu seulement pendant le calcul ; rrdesk n'enregistre jamais ni ce fichier ni son emplacement.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="99" />
        <source>estimate</source>
        <translation>estimation</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="99" />
        <source>95 % confidence interval</source>
        <translation>intervalle de confiance à 95 %</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="100" />
        <source>recorded share (before correction)</source>
        <translation>part enregistrée (avant correction)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="103" />
        <source>Each line names the bundle, the laptop's log and the record, and what is wrong. The records named here were left out; the rest was used.</source>
        <translation>Chaque ligne indique le lot, le journal de l'ordinateur et l'enregistrement, et ce qui ne va pas. Les enregistrements indiqués ici ont été écartés ; tout le reste a été utilisé.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="105" />
        <source>&amp;Estimates</source>
        <translation>Es&amp;timations</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="106" />
        <source>&amp;Problems ({count})</source>
        <translation>&amp;Problèmes ({count})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="109" />
        <location filename="../../rrdesk/gui/results.py" line="194" />
        <source>no split</source>
        <translation>sans ventilation</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="120" />
        <source>Open export bundles</source>
        <translation>Ouvrir des lots d'export</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="121" />
        <source>Export bundles (*.tar.age);;All files (*)</source>
        <translation>Lots d'export (*.tar.age);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="128" />
        <source>Choose the identity file</source>
        <translation>Choisir le fichier d'identité</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="129" />
        <source>Identity files (*.txt *.key);;All files (*)</source>
        <translation>Fichiers d'identité (*.txt *.key);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="155" />
        <source>Opening the bundles…</source>
        <translation>Ouverture des lots…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="162" />
        <source>No bundle could be opened with this identity file. Compute lists what is wrong.</source>
        <translation>Aucun lot n'a pu être ouvert avec ce fichier d'identité. « Calculer » indique ce qui ne va pas.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="166" />
        <source>The bundles hold the survey “{title}”. Press Compute.</source>
        <translation>Les lots contiennent l'enquête « {title} ». Appuyez sur « Calculer ».</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="168" />
        <source>The bundles hold {count} surveys: choose one, then press Compute.</source>
        <translation>Les lots contiennent {count} enquêtes : choisissez-en une, puis appuyez sur « Calculer ».</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="206" />
        <source>Press Compute to see the results of this survey.</source>
        <translation>Appuyez sur « Calculer » pour voir les résultats de cette enquête.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="214" />
        <source>Splitting the results…</source>
        <translation>Ventilation des résultats…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="226" />
        <source>Decrypting and checking every record of {bundles}…</source>
        <translation>Déchiffrement et vérification de chaque enregistrement ({bundles})…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="233" />
        <source>Nothing to show: no bundle could be used. The Problems tab says why.</source>
        <translation>Rien à afficher : aucun lot n'a pu être utilisé. L'onglet « Problèmes » dit pourquoi.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="237" />
        <source>Computed from {bundles}.</source>
        <translation>Calculé à partir de {bundles}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="238" />
        <source>Records found in several bundles were counted once.</source>
        <translation>Les enregistrements présents dans plusieurs lots ont été comptés une seule fois.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="239" />
        <source>The records named under Problems were left out; everything else was used.</source>
        <translation>Les enregistrements indiqués sous « Problèmes » ont été écartés ; tout le reste a été utilisé.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="257" />
        <source>{bundle}: left out, it holds another survey ({id}); choose that survey to see its results.</source>
        <translation>{bundle} : écarté, il contient une autre enquête ({id}) ; choisissez cette enquête pour voir ses résultats.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="263" />
        <source>Choose the bundles and your identity file, then press Compute. The numbers are those of “rrdesk aggregate”.</source>
        <translation>Choisissez les lots et votre fichier d'identité, puis appuyez sur « Calculer ». Les chiffres sont ceux de « rrdesk aggregate ».</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results.py" line="267" />
        <source>%n laptop(s)</source>
        <translation>
            <numerusform>%n ordinateur</numerusform>
            <numerusform>%n ordinateurs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results.py" line="276" />
        <source>⚠ %n problem(s): see Problems</source>
        <translation>
            <numerusform>⚠ %n problème : voir Problèmes</numerusform>
            <numerusform>⚠ %n problèmes : voir Problèmes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results.py" line="356" />
        <source>%n bundle(s)</source>
        <translation>
            <numerusform>%n lot</numerusform>
            <numerusform>%n lots</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="268" />
        <source>{interviews} interviews · {records} records · {laptops} · ε per respondent {epsilon} (cap {cap})</source>
        <translation>{interviews} entretiens · {records} enregistrements · {laptops} · ε par répondant {epsilon} (plafond {cap})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="275" />
        <source>✓ Every bundle verified</source>
        <translation>✓ Tous les lots sont vérifiés</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="277" />
        <source>Each record's chain, tag and content checked out; records found in several bundles were counted once.</source>
        <translation>La chaîne, l'étiquette et le contenu de chaque enregistrement sont vérifiés ; les enregistrements présents dans plusieurs lots ont été comptés une seule fois.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="279" />
        <source>The damaged or doubtful records were left out and everything else was used.</source>
        <translation>Les enregistrements endommagés ou douteux ont été écartés et tout le reste a été utilisé.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="293" />
        <source>laptop {laptop}…, log {log}…</source>
        <translation>ordinateur {laptop}…, journal {log}…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="296" />
        <source>record {number}</source>
        <translation>enregistrement {number}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="297" />
        <source>{where}: {what}</source>
        <translation>{where} : {what}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="305" />
        <source>forced response</source>
        <translation>réponse forcée</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="305" />
        <source>Warner's mirrored question</source>
        <translation>question miroir de Warner</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="306" />
        <source>unrelated question</source>
        <translation>question sans rapport</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="306" />
        <source>k-ary randomized response</source>
        <translation>réponse randomisée à k modalités</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="307" />
        <source>asked directly</source>
        <translation>posée directement</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="308" />
        <source>{design}, ε = {epsilon}</source>
        <translation>{design}, ε = {epsilon}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="309" />
        <source>{id} ({design}): {text}</source>
        <translation>{id} ({design}) : {text}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="310" />
        <source>Method: {method}</source>
        <translation>Méthode : {method}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="312" />
        <source>{declined} declined, {abandoned} not reached, {after_spin} stopped after the spin</source>
        <translation>{declined} refusées, {abandoned} non atteintes, {after_spin} arrêtées après le tirage de la roue</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="325" />
        <source>Save the report in…</source>
        <translation>Enregistrer le rapport dans…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="334" />
        <source>Writing the report…</source>
        <translation>Écriture du rapport…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="338" />
        <source>Report saved in {folder}: {files}</source>
        <translation>Rapport enregistré dans {folder} : {files}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="344" />
        <source>The report could not be saved: {error}</source>
        <translation>Le rapport n'a pas pu être enregistré : {error}</translation>
    </message>
</context>
</TS>