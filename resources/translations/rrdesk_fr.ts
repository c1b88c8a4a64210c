<?xml version='1.0' encoding='utf-8'?>
<!DOCTYPE TS>
<TS version="2.1" language="fr" sourcelanguage="en">
<context>
    <name>Dashboard</name>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="66" />
        <source>Open survey…</source>
        <translation>Ouvrir une enquête…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="81" />
        <source>Continue</source>
        <translation>Continuer</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="82" />
        <source>Close it</source>
        <translation>Le clôturer</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="101" />
        <source>Saved in this session</source>
        <translation>Enregistrés pendant cette session</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="102" />
        <source>On this laptop (this survey)</source>
        <translation>Sur cet ordinateur (cette enquête)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="103" />
        <source>Last answer saved</source>
        <translation>Dernier enregistrement</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="104" />
        <source>Free disk space</source>
        <translation>Espace disque libre</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="105" />
        <source>Data folder</source>
        <translation>Dossier des données</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="108" />
        <source>Interviews</source>
        <translation>Entretiens</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="119" />
        <source>Low disk space: export the data to a USB stick and free some space before the next interview.</source>
        <translation>Espace disque faible : exportez les données sur une clé USB et libérez de la place avant le prochain entretien.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="128" />
        <source>Start interview</source>
        <translation>Commencer un entretien</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="132" />
        <source>Export to…</source>
        <translation>Exporter vers…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="138" />
        <source>Export in progress</source>
        <translation>Export en cours</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="150" />
        <source>Reduce spinner motion</source>
        <translation>Réduire le mouvement de la roue</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="155" />
        <source>Interviewer language:</source>
        <translation>Langue de l'enquêteur :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="160" />
        <source>Interviewer language</source>
        <translation>Langue de l'enquêteur</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="181" />
        <source>{file} · languages: {languages} · ε per respondent: {epsilon} (cap {cap})</source>
        <translation>{file} · langues : {languages} · ε par répondant : {epsilon} (plafond {cap})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="192" />
        <source>nothing saved yet</source>
        <translation>rien n'est encore enregistré</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="200" />
        <source>unknown</source>
        <translation>inconnu</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="202" />
        <source>{size} GB</source>
        <translation>{size} Go</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="204" />
        <source>{size} MB</source>
        <translation>{size} Mo</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="224" />
        <source>Interview {number} stopped after question {done} of {total}.</source>
        <translation>L'entretien {number} s'est arrêté après la question {done} sur {total}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="225" />
        <source>Interview {number} stopped before its first question.</source>
        <translation>L'entretien {number} s'est arrêté avant sa première question.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="227" />
        <source>Continue it with the same respondent, or close it.</source>
        <translation>Continuez-le avec la même personne, ou clôturez-le.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="235" />
        <source>Exporting and checking the copy…</source>
        <translation>Export et vérification de la copie…</translation>
    </message>
</context>
<context>
    <name>DirectScreen</name>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="41" />
        <source>New interview</source>
        <translation>Nouvel entretien</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="42" />
        <source>Interviewer: fill in these answers before handing over the laptop.</source>
        <translation>Enquêteur : remplissez ces réponses avant de passer l'ordinateur.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="70" />
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="71" />
        <source>Continue</source>
        <translation>Continuer</translation>
    </message>
</context>
<context>
    <name>EstimatesModel</name>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="139" />
        <source>No</source>
        <translation>Non</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="139" />
        <source>Yes</source>
        <translation>Oui</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="142" />
        <source>(unknown)</source>
        <translation>(inconnu)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="169" />
        <source>Question, by {by}</source>
        <translation>Question, par {by}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="169" />
        <source>Question</source>
        <translation>Question</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="170" />
        <source>Answer</source>
        <translation>Réponse</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="170" />
        <source>Recorded</source>
        <translation>Enregistré</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="171" />
        <source>Estimate</source>
        <translation>Estimation</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="171" />
        <source>95 % interval</source>
        <translation>Intervalle à 95 %</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="173" />
        <source>Answers recorded</source>
        <translation>Réponses enregistrées</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="174" />
        <source>ε of one recorded answer: the smaller, the more private</source>
        <translation>ε d'une réponse enregistrée : plus il est petit, mieux la personne est protégée</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="175" />
        <source>How many answers were recorded as this answer (after the spinner), and their share</source>
        <translation>Combien de réponses ont été enregistrées ainsi (après la roue), et leur part</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="177" />
        <source>Estimated share of respondents for whom this answer is true</source>
        <translation>Part estimée des personnes interrogées pour qui cette réponse est vraie</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="178" />
        <source>95 % confidence interval of the estimate</source>
        <translation>Intervalle de confiance à 95 % de l'estimation</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="179" />
        <source>The estimate (dot) with its 95 % interval (bar) and the recorded share (diamond), from 0 to 100 %</source>
        <translation>L'estimation (point) avec son intervalle à 95 % (barre) et la part enregistrée (losange), de 0 à 100 %</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="199" />
        <source>no answers</source>
        <translation>aucune réponse</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="208" />
        <source>asked directly, not randomized</source>
        <translation>posée directement, sans roue</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="221" />
        <source>only {n} answers (under {small}): the interval is wide and only a rough guide</source>
        <translation>seulement {n} réponses (moins de {small}) : l'intervalle est large et ne donne qu'un ordre de grandeur</translation>
    </message>
</context>
<context>
    <name>ExplanationScreen</name>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="162" />
        <source>How this works</source>
        <translation>Comment ça marche</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="164" />
        <source>For each question you will spin a wheel. It stops by chance.</source>
        <translation>Pour chaque question, vous allez faire tourner une roue. Elle s'arrête au hasard.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="165" />
        <source>The wheel tells you what to do: sometimes to answer truthfully, sometimes to give an answer it chooses for you, whatever your true answer is.</source>
        <translation>La roue vous dit quoi faire : parfois répondre sincèrement, parfois donner une réponse qu'elle choisit pour vous, quelle que soit votre vraie réponse.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="167" />
        <source>So a YES the spinner asked for is not an admission. Nobody, not even the interviewer, can know your real answer.</source>
        <translation>Un OUI demandé par la roue n'est donc pas un aveu. Personne, pas même l'enquêteur, ne peut connaître votre vraie réponse.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="171" />
        <source>For some questions you first tap your true answer. It is never saved: the spinner decides what is saved, and shows it to you.</source>
        <translation>Pour certaines questions, vous touchez d'abord votre vraie réponse. Elle n'est jamais enregistrée : la roue décide de ce qui est enregistré, et vous le montre.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="174" />
        <source>Only the answer after the spin is saved, locked so that this laptop cannot read it.</source>
        <translation>Seule la réponse donnée après la roue est enregistrée, verrouillée pour que cet ordinateur ne puisse pas la lire.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="175" />
        <source>A spin cannot be repeated. First, try a practice spin: it is never saved.</source>
        <translation>On ne peut pas refaire tourner la roue. D'abord, faites un essai : il n'est jamais enregistré.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="182" />
        <source>Try a practice spin</source>
        <translation>Faire un essai</translation>
    </message>
</context>
<context>
    <name>HandoverScreen</name>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="114" />
        <source>Please hand the laptop to the respondent.</source>
        <translation>Veuillez passer l'ordinateur à la personne interrogée.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="115" />
        <source>Interview {number}</source>
        <translation>Entretien {number}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="117" />
        <source>I am the respondent: start</source>
        <translation>Je suis la personne interrogée : commencer</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="121" />
        <source>Stop this interview</source>
        <translation>Arrêter cet entretien</translation>
    </message>
</context>
<context>
    <name>InterviewController</name>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="129" />
        <source>No interview was started.</source>
        <translation>Aucun entretien n'a été commencé.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="141" />
        <source>The interview could not be started: {error}</source>
        <translation>L'entretien n'a pas pu commencer : {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="152" />
        <source>Interview {number} was closed before the end.</source>
        <translation>L'entretien {number} a été clôturé avant la fin.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="156" />
        <source>Interview {number} could not be closed: {error}</source>
        <translation>L'entretien {number} n'a pas pu être clôturé : {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="309" />
        <source>Interview {number} stopped: {error}. Fix the cause (free some disk space), then continue it from here.</source>
        <translation>L'entretien {number} s'est arrêté : {error}. Corrigez la cause (libérez de l'espace disque), puis continuez-le d'ici.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="199" />
        <source>Interview {number} saved.</source>
        <translation>Entretien {number} enregistré.</translation>
    </message>
</context>
<context>
    <name>LanguageScreen</name>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="140" />
        <source>Choose your language</source>
        <translation>Choisissez votre langue</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="112" />
        <source>DEMO — readable with the public demo key. Never use it for real answers.</source>
        <translation>DÉMO — lisible avec la clé de démonstration publique. Ne l'utilisez jamais pour de vraies réponses.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="122" />
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="123" />
        <source>&amp;Open survey…</source>
        <translation>&amp;Ouvrir une enquête…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="126" />
        <source>&amp;Export to…</source>
        <translation>&amp;Exporter vers…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="128" />
        <source>&amp;Results (coordinator)…</source>
        <translation>&amp;Résultats (coordinateur)…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="130" />
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="148" />
        <source>Open survey</source>
        <translation>Ouvrir une enquête</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="149" />
        <source>Survey files (*.toml);;All files (*)</source>
        <translation>Fichiers d'enquête (*.toml);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="159" />
        <source>This survey file cannot be used</source>
        <translation>Ce fichier d'enquête ne peut pas être utilisé</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="175" />
        <source>The survey file cannot be used; the demo survey is open instead</source>
        <translation>Le fichier d'enquête ne peut pas être utilisé ; l'enquête de démonstration est ouverte à la place</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="187" />
        <source>Opening the data folder…</source>
        <translation>Ouverture du dossier des données…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="199" />
        <source>The data folder holds a damaged log; it is kept for checking (rrdesk verify) and a new log was started.</source>
        <translation>Le dossier des données contient un journal endommagé ; il est conservé pour vérification (rrdesk verify) et un nouveau journal a été commencé.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="207" />
        <source>The data folder cannot be used: {error}</source>
        <translation>Le dossier des données ne peut pas être utilisé : {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="251" />
        <source>Interview {number} was closed; the questions it did not reach are marked as not asked.</source>
        <translation>L'entretien {number} a été clôturé ; les questions qu'il n'a pas atteintes sont marquées comme non posées.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="300" />
        <source>Export to… (choose the USB stick)</source>
        <translation>Exporter vers… (choisissez la clé USB)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="310" />
        <source>Exported and checked: {path}</source>
        <translation>Exporté et vérifié : {path}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="315" />
        <source>Export failed: {error}</source>
        <translation>Échec de l'export : {error}</translation>
    </message>
</context>
<context>
    <name>PracticeScreen</name>
    <message>
        <location filename="../../rrdesk/gui/practice.py" line="33" />
        <source>PRACTICE</source>
        <translation>ESSAI</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/practice.py" line="34" />
        <source>This is only a practice. Nothing is saved.</source>
        <translation>Ce n'est qu'un essai. Rien n'est enregistré.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/practice.py" line="35" />
        <source>Tap Spin (or the wheel) and watch where it stops. The words under the pointer tell you what to do.</source>
        <translation>Touchez « Tourner » (ou la roue) et regardez où elle s'arrête. Les mots sous la flèche vous disent quoi faire.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/practice.py" line="38" />
        <source>Spinner result</source>
        <translation>Résultat de la roue</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/practice.py" line="43" />
        <source>Practice again</source>
        <translation>Refaire un essai</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/practice.py" line="45" />
        <source>Start the questions</source>
        <translation>Commencer les questions</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/practice.py" line="52" />
        <source>Spin</source>
        <translation>Tourner</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/practice.py" line="77" />
        <source>The spinner says: {what}</source>
        <translation>La roue dit : {what}</translation>
    </message>
</context>
<context>
    <name>QuestionScreen</name>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="51" />
        <source>Question {number} of {total}</source>
        <translation>Question {number} sur {total}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="54" />
        <source>Tap Spin. Then do what the spinner says.</source>
        <translation>Touchez « Tourner ». Puis faites ce que dit la roue.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="56" />
        <source>First tap your true answer to the first statement. It is not saved: the spinner decides what is saved.</source>
        <translation>Touchez d'abord votre vraie réponse à la première affirmation. Elle n'est pas enregistrée : la roue décide de ce qui est enregistré.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="59" />
        <source>First tap your true answer. It is not saved: the spinner decides what is saved.</source>
        <translation>Touchez d'abord votre vraie réponse. Elle n'est pas enregistrée : la roue décide de ce qui est enregistré.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="64" />
        <source>Spinner result</source>
        <translation>Résultat de la roue</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="71" />
        <source>Saved answer</source>
        <translation>Réponse enregistrée</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="79" />
        <source>I prefer not to answer</source>
        <translation>Je préfère ne pas répondre</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="80" />
        <source>Stop the interview (interviewer)</source>
        <translation>Arrêter l'entretien (enquêteur)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="82" />
        <source>Next</source>
        <translation>Suivant</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="91" />
        <source>Spin</source>
        <translation>Tourner</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="111" />
        <source>Statement:</source>
        <translation>Affirmation :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="113" />
        <source>Opposite statement:</source>
        <translation>Affirmation contraire :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="116" />
        <source>First question:</source>
        <translation>Première question :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="118" />
        <source>Other question:</source>
        <translation>Autre question :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="155" />
        <source>Now tap Spin.</source>
        <translation>Touchez maintenant « Tourner ».</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="151" />
        <source>The spinner could not be used: {error}. Please call the interviewer.</source>
        <translation>La roue n'a pas pu être utilisée : {error}. Veuillez appeler l'enquêteur.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="183" />
        <source>The spinner is turning…</source>
        <translation>La roue tourne…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="193" />
        <source>The spinner chose:</source>
        <translation>La roue a choisi :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="197" />
        <source>The spinner says:</source>
        <translation>La roue dit :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="207" />
        <source>Saving…</source>
        <translation>Enregistrement…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="221" />
        <source>The answer could not be saved: {error}. Please call the interviewer.</source>
        <translation>La réponse n'a pas pu être enregistrée : {error}. Veuillez appeler l'enquêteur.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="235" />
        <source>Saved answer to the chosen statement: {answer}</source>
        <translation>Réponse enregistrée à l'affirmation choisie : {answer}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/question.py" line="237" />
        <source>Saved answer: {answer}</source>
        <translation>Réponse enregistrée : {answer}</translation>
    </message>
</context>
<context>
    <name>ResultsWindow</name>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="450" />
        <source>rrdesk — Results</source>
        <translation>rrdesk — Résultats</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="451" />
        <source>Results</source>
        <translation>Résultats</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="452" />
        <source>Results: {title}</source>
        <translation>Résultats : {title}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="453" />
        <source>&amp;Open bundles…</source>
        <translation>&amp;Ouvrir des lots…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="454" />
        <source>&amp;Identity file…</source>
        <translation>Fichier d'&amp;identité…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="455" />
        <source>&amp;Survey:</source>
        <translation>&amp;Enquête :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="456" />
        <source>Split &amp;by:</source>
        <translation>&amp;Ventiler par :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="457" />
        <source>&amp;Compute</source>
        <translation>&amp;Calculer</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="458" />
        <source>Save &amp;report…</source>
        <translation>Enregistrer le &amp;rapport…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="459" />
        <source>Working</source>
        <translation>Calcul en cours</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="460" />
        <source>Estimates</source>
        <translation>Estimations</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="461" />
        <source>Problems</source>
        <translation>Problèmes</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="463" />
        <source>No bundle chosen yet: the .tar.age files exported from the laptops.</source>
        <translation>Aucun lot choisi pour l'instant : les fichiers .tar.age exportés des ordinateurs.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="464" />
        <location filename="../../rrdesk/gui/results.py" line="554" />
        <source>{bundles}: {names}</source>
        <translation>{bundles} : {names}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="467" />
        <source>No identity file chosen yet: the file with your secret key (AGE-SECRET-KEY-1…).</source>
        <translation>Aucun fichier d'identité choisi pour l'instant : le fichier de votre clé secrète (AGE-SECRET-KEY-1…).</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="469" />
        <source>{name} — read only while computing; rrdesk never saves it or its place.</source>
        <translation>{name} — lu seulement pendant le calcul ; rrdesk n'enregistre jamais ni ce fichier ni son emplacement.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="471" />
        <source>estimate</source>
        <translation>estimation</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="471" />
        <source>95 % confidence interval</source>
        <translation>intervalle de confiance à 95 %</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="472" />
        <source>recorded share (before correction)</source>
        <translation>part enregistrée (avant correction)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="475" />
        <source>Each line names the bundle, the laptop's log and the record, and what is wrong. The records named here were left out; the rest was used.</source>
        <translation>Chaque ligne indique le lot, le journal de l'ordinateur et l'enregistrement, et ce qui ne va pas. Les enregistrements indiqués ici ont été écartés ; tout le reste a été utilisé.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="477" />
        <source>&amp;Estimates</source>
        <translation>Es&amp;timations</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="478" />
        <source>&amp;Problems ({count})</source>
        <translation>&amp;Problèmes ({count})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="481" />
        <location filename="../../rrdesk/gui/results.py" line="564" />
        <source>no split</source>
        <translation>sans ventilation</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="492" />
        <source>Open export bundles</source>
        <translation>Ouvrir des lots d'export</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="493" />
        <source>Export bundles (*.tar.age);;All files (*)</source>
        <translation>Lots d'export (*.tar.age);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="499" />
        <source>Choose the identity file</source>
        <translation>Choisir le fichier d'identité</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="500" />
        <source>Identity files (*.txt *.key);;All files (*)</source>
        <translation>Fichiers d'identité (*.txt *.key);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="525" />
        <source>Opening the bundles…</source>
        <translation>Ouverture des lots…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="532" />
        <source>No bundle could be opened with this identity file. Compute lists what is wrong.</source>
        <translation>Aucun lot n'a pu être ouvert avec ce fichier d'identité. « Calculer » indique ce qui ne va pas.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="536" />
        <source>The bundles hold the survey “{title}”. Press Compute.</source>
        <translation>Les lots contiennent l'enquête « {title} ». Appuyez sur « Calculer ».</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="538" />
        <source>The bundles hold {count} surveys: choose one, then press Compute.</source>
        <translation>Les lots contiennent {count} enquêtes : choisissez-en une, puis appuyez sur « Calculer ».</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="576" />
        <source>Press Compute to see the results of this survey.</source>
        <translation>Appuyez sur « Calculer » pour voir les résultats de cette enquête.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="584" />
        <source>Splitting the results…</source>
        <translation>Ventilation des résultats…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="597" />
        <source>Decrypting and checking every record of {bundles}…</source>
        <translation>Déchiffrement et vérification de chaque enregistrement ({bundles})…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="604" />
        <source>Nothing to show: no bundle could be used. The Problems tab says why.</source>
        <translation>Rien à afficher : aucun lot n'a pu être utilisé. L'onglet « Problèmes » dit pourquoi.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="608" />
        <source>Computed from {bundles}.</source>
        <translation>Calculé à partir de {bundles}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="609" />
        <source>Records found in several bundles were counted once.</source>
        <translation>Les enregistrements présents dans plusieurs lots ont été comptés une seule fois.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="610" />
        <source>The records named under Problems were left out; everything else was used.</source>
        <translation>Les enregistrements indiqués sous « Problèmes » ont été écartés ; tout le reste a été utilisé.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="628" />
        <source>{bundle}: left out, it holds another survey ({id}); choose that survey to see its results.</source>
        <translation>{bundle} : écarté, il contient une autre enquête ({id}) ; choisissez cette enquête pour voir ses résultats.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="634" />
        <source>Choose the bundles and your identity file, then press Compute. The numbers are those of “rrdesk aggregate”.</source>
        <translation>Choisissez les lots et votre fichier d'identité, puis appuyez sur « Calculer ». Les chiffres sont ceux de « rrdesk aggregate ».</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="638" />
        <source>1 laptop</source>
        <translation>1 ordinateur</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="639" />
        <source>{count} laptops</source>
        <translation>{count} ordinateurs</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="640" />
        <source>{interviews} interviews · {records} records · {laptops} · ε per respondent {epsilon} (cap {cap})</source>
        <translation>{interviews} entretiens · {records} enregistrements · {laptops} · ε par répondant {epsilon} (plafond {cap})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="647" />
        <source>✓ Every bundle verified</source>
        <translation>✓ Tous les lots sont vérifiés</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="648" />
        <source>⚠ 1 problem: see Problems</source>
        <translation>⚠ 1 problème : voir « Problèmes »</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="649" />
        <source>⚠ {count} problems: see Problems</source>
        <translation>⚠ {count} problèmes : voir « Problèmes »</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="650" />
        <source>Each record's chain, tag and content checked out; records found in several bundles were counted once.</source>
        <translation>La chaîne, l'étiquette et le contenu de chaque enregistrement sont vérifiés ; les enregistrements présents dans plusieurs lots ont été comptés une seule fois.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="652" />
        <source>The damaged or doubtful records were left out and everything else was used.</source>
        <translation>Les enregistrements endommagés ou douteux ont été écartés et tout le reste a été utilisé.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="667" />
        <source>laptop {laptop}…, log {log}…</source>
        <translation>ordinateur {laptop}…, journal {log}…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="670" />
        <source>record {number}</source>
        <translation>enregistrement {number}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="671" />
        <source>{where}: {what}</source>
        <translation>{where} : {what}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="679" />
        <source>forced response</source>
        <translation>réponse forcée</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="679" />
        <source>Warner's mirrored question</source>
        <translation>question miroir de Warner</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="680" />
        <source>unrelated question</source>
        <translation>question sans rapport</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="680" />
        <source>k-ary randomized response</source>
        <translation>réponse randomisée à k modalités</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="681" />
        <source>asked directly</source>
        <translation>posée directement</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="682" />
        <source>{design}, ε = {epsilon}</source>
        <translation>{design}, ε = {epsilon}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="683" />
        <source>{id} ({design}): {text}</source>
        <translation>{id} ({design}) : {text}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="684" />
        <source>Method: {method}</source>
        <translation>Méthode : {method}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="686" />
        <source>{declined} declined, {abandoned} not reached</source>
        <translation>{declined} refus, {abandoned} non atteintes</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="696" />
        <source>Save the report in…</source>
        <translation>Enregistrer le rapport dans…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="706" />
        <source>Writing the report…</source>
        <translation>Écriture du rapport…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="710" />
        <source>Report saved in {folder}: {files}</source>
        <translation>Rapport enregistré dans {folder} : {files}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="716" />
        <source>The report could not be saved: {error}</source>
        <translation>Le rapport n'a pas pu être enregistré : {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="728" />
        <source>1 bundle</source>
        <translation>1 lot</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results.py" line="728" />
        <source>{count} bundles</source>
        <translation>{count} lots</translation>
    </message>
</context>
<context>
    <name>SpinnerWidget</name>
    <message>
        <location filename="../../rrdesk/gui/spinner.py" line="179" />
        <source>Spinner wheel</source>
        <extracomment>Repaint period while spinning (about 60 frames a second).</extracomment>
        <translation>Roue</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/spinner.py" line="180" />
        <source>Tap the wheel, or press Space, to spin it</source>
        <translation>Touchez la roue, ou appuyez sur Espace, pour la faire tourner</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/spinner.py" line="446" />
        <source>PRACTICE</source>
        <extracomment>No motion: the wheel stays still and the result appears after the same DURATION_MS.</extracomment>
        <translation>ESSAI</translation>
    </message>
</context>
<context>
    <name>ThanksScreen</name>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="199" />
        <source>Thank you!</source>
        <translation>Merci !</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="200" />
        <source>Your answers are saved. Please hand the laptop back to the interviewer.</source>
        <translation>Vos réponses sont enregistrées. Veuillez rendre l'ordinateur à l'enquêteur.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="203" />
        <source>Done (interviewer)</source>
        <translation>Terminé (enquêteur)</translation>
    </message>
</context>
<context>
    <name>Wording</name>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="17" />
        <source>YES</source>
        <translation>OUI</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="21" />
        <source>NO</source>
        <translation>NON</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="41" />
        <source>Answer the statement</source>
        <translation>Répondez à l'affirmation</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="43" />
        <source>Answer the opposite statement</source>
        <translation>Répondez à l'affirmation contraire</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="45" />
        <source>Answer the first question</source>
        <translation>Répondez à la première question</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="47" />
        <source>Answer truthfully</source>
        <translation>Répondez sincèrement</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="49" />
        <source>Answer the opposite</source>
        <translation>Répondez le contraire</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="51" />
        <source>Answer the other question</source>
        <translation>Répondez à l'autre question</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="54" />
        <source>Say “{answer}”</source>
        <translation>Dites « {answer} »</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="55" />
        <source>Say YES</source>
        <translation>Dites OUI</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="55" />
        <source>Say NO</source>
        <translation>Dites NON</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="69" />
        <source>Answer this statement truthfully:
“{text}”</source>
        <translation>Répondez sincèrement à cette affirmation :
« {text} »</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="72" />
        <source>Answer this opposite statement truthfully:
“{text}”</source>
        <translation>Répondez sincèrement à cette affirmation contraire :
« {text} »</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="75" />
        <source>Answer the question truthfully.</source>
        <translation>Répondez sincèrement à la question.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="77" />
        <source>Answer the other question truthfully:
“{text}”</source>
        <translation>Répondez sincèrement à l'autre question :
« {text} »</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="80" />
        <source>Give the opposite of your true answer.</source>
        <translation>Donnez le contraire de votre vraie réponse.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="82" />
        <source>Tap “{answer}”, whatever your true answer is.</source>
        <translation>Touchez « {answer} », quelle que soit votre vraie réponse.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="85" />
        <source>Tap YES, whatever your true answer is.</source>
        <translation>Touchez OUI, quelle que soit votre vraie réponse.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/wording.py" line="86" />
        <source>Tap NO, whatever your true answer is.</source>
        <translation>Touchez NON, quelle que soit votre vraie réponse.</translation>
    </message>
</context>
</TS>
