<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr" sourcelanguage="en">
<context>
    <name>Dashboard</name>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="114"/>
        <source>Open survey…</source>
        <translation>Ouvrir une enquête…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="122"/>
        <source>Trust this key instead…</source>
        <translation>Faire confiance à cette clé à la place…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="141"/>
        <source>Try again</source>
        <translation>Réessayer</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="154"/>
        <source>Continue</source>
        <translation>Continuer</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="155"/>
        <source>Close it</source>
        <translation>Le clôturer</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="171"/>
        <location filename="../../rrdesk/gui/dashboard.py" line="449"/>
        <source>not yet</source>
        <translation>pas encore</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="175"/>
        <source>Saved in this session</source>
        <translation>Enregistrés pendant cette session</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="176"/>
        <source>On this laptop (this survey)</source>
        <translation>Sur cet ordinateur (cette enquête)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="177"/>
        <source>Last answer saved</source>
        <translation>Dernier enregistrement</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="178"/>
        <source>Last export (this session)</source>
        <translation>Dernier export (cette session)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="179"/>
        <source>Free disk space</source>
        <translation>Espace disque libre</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="180"/>
        <source>Data folder</source>
        <translation>Dossier des données</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="181"/>
        <source>Interviews</source>
        <translation>Entretiens</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="188"/>
        <source>Low disk space: export the data to a USB stick and free some space before the next interview.</source>
        <translation>Espace disque faible&#xa0;: exportez les données sur une clé USB et libérez de la place avant le prochain entretien.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="200"/>
        <source>Start interview</source>
        <translation>Commencer un entretien</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="204"/>
        <source>Export to…</source>
        <translation>Exporter vers…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="210"/>
        <source>Export in progress</source>
        <translation>Export en cours</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="222"/>
        <source>Reduce spinner motion</source>
        <translation>Réduire le mouvement de la roue</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="228"/>
        <source>Interviewer language:</source>
        <translation>Langue de l&apos;enquêteur&#xa0;:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="232"/>
        <source>Interviewer language</source>
        <translation>Langue de l&apos;enquêteur</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="269"/>
        <source>Checking the survey&apos;s signature…</source>
        <translation>Vérification de la signature du questionnaire…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="272"/>
        <source>{file} · languages: {languages} · ε per respondent: {epsilon} (cap {cap})</source>
        <translation>{file} · langues&#xa0;: {languages} · ε par répondant&#xa0;: {epsilon} (plafond {cap})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="287"/>
        <source>Signed by the coordinator&apos;s key {key}.</source>
        <translation>Signé par la clé du coordinateur {key}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="288"/>
        <source>Signed by key {key}, not yet confirmed on this laptop.</source>
        <translation>Signé par la clé {key}, pas encore confirmée sur cet ordinateur.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="289"/>
        <source>Signed by key {key}.</source>
        <translation>Signé par la clé {key}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="290"/>
        <source>Not signed.</source>
        <translation>Non signé.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="297"/>
        <source>PRACTICE ONLY — this file is not signed, and this laptop trusts the coordinator&apos;s key {trusted}. Interviews cannot be recorded with it: ask the coordinator for the signed file (with its .minisig beside it).</source>
        <translation>ENTRAÎNEMENT SEULEMENT — ce fichier n&apos;est pas signé, et cet ordinateur fait confiance à la clé du coordinateur {trusted}. Aucun entretien ne peut être enregistré avec lui : demandez au coordinateur le fichier signé (avec son .minisig à côté).</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="302"/>
        <source>NOT THE COORDINATOR&apos;S FILE — it is signed by key {key}, but this laptop trusts the coordinator&apos;s key {trusted}. Interviews cannot be recorded with it. Only if the coordinator told you their key changed, and gave you the new key id: Trust this key instead…</source>
        <translation>CE N&apos;EST PAS LE FICHIER DU COORDINATEUR — il est signé par la clé {key}, mais cet ordinateur fait confiance à la clé du coordinateur {trusted}. Aucun entretien ne peut être enregistré avec lui. Seulement si le coordinateur vous a dit que sa clé a changé et vous a donné le nouvel identifiant : Faire confiance à cette clé à la place…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="307"/>
        <source>Compare key {key} with the key id the coordinator gave you before recording interviews.</source>
        <translation>Comparez la clé {key} avec l&apos;identifiant de clé que le coordinateur vous a donné avant d&apos;enregistrer des entretiens.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="317"/>
        <source>Answers are sealed to: {recipients}</source>
        <translation>Les réponses sont scellées pour : {recipients}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="453"/>
        <source>today at {time}</source>
        <translation>aujourd&apos;hui à {time}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="293"/>
        <source>The survey&apos;s signature cannot be trusted: {problem}</source>
        <translation>La signature du questionnaire n&apos;est pas fiable : {problem}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="310"/>
        <source>UNSIGNED SURVEY — nothing proves this file is the coordinator&apos;s. Use it for practice only; for real interviews ask the coordinator for the signed file (with its .minisig beside it).</source>
        <translation>QUESTIONNAIRE NON SIGNÉ — rien ne prouve que ce fichier vient du coordinateur. À utiliser pour s&apos;exercer seulement ; pour de vrais entretiens, demandez au coordinateur le fichier signé (avec son .minisig à côté).</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="324"/>
        <source>nothing saved yet</source>
        <translation>rien n&apos;est encore enregistré</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="335"/>
        <source>unknown</source>
        <translation>inconnu</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="337"/>
        <source>{size} GB</source>
        <translation>{size} Go</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="339"/>
        <source>{size} MB</source>
        <translation>{size} Mo</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="371"/>
        <source>No interview can be recorded until this is fixed; the data can still be exported. Fix the cause, then tap Try again.</source>
        <translation>Aucun entretien ne peut être enregistré tant que ce n&apos;est pas réparé&#xa0;; les données peuvent encore être exportées. Réglez la cause, puis touchez Réessayer.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="374"/>
        <source>No interview can be recorded until this is fixed. Fix the cause, then tap Try again.</source>
        <translation>Aucun entretien ne peut être enregistré tant que ce n&apos;est pas réparé. Réglez la cause, puis touchez Réessayer.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="396"/>
        <source>Interview {number} stopped {when} after question {done} of {total}.</source>
        <translation>L&apos;entretien {number} s&apos;est arrêté {when} après la question {done} sur {total}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="397"/>
        <source>Interview {number} stopped {when} before its first question.</source>
        <translation>L&apos;entretien {number} s&apos;est arrêté {when} avant sa première question.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="399"/>
        <source>Interview {number} stopped after question {done} of {total}.</source>
        <translation>L&apos;entretien {number} s&apos;est arrêté après la question {done} sur {total}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="400"/>
        <source>Interview {number} stopped before its first question.</source>
        <translation>L&apos;entretien {number} s&apos;est arrêté avant sa première question.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="402"/>
        <source>Its direct answers are saved ({count}); they are not asked again.</source>
        <translation>Ses réponses directes sont enregistrées ({count})&#xa0;; elles ne sont pas redemandées.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="405"/>
        <source>Question {done} was spun but not answered; it is recorded as not answered and will not be asked again.</source>
        <translation>La roue de la question {done} a tourné, mais la question n&apos;a pas reçu de réponse&#xa0;; elle est enregistrée comme sans réponse et ne sera plus posée.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="408"/>
        <source>No question is left: close it.</source>
        <translation>Il ne reste aucune question&#xa0;: clôturez-le.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="410"/>
        <source>Continue it with the same respondent (question {next} comes next), or close it.</source>
        <translation>Continuez-le avec la même personne (la question {next} vient ensuite), ou clôturez-le.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="431"/>
        <source>today at about {time}</source>
        <translation>aujourd&apos;hui vers {time}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="433"/>
        <source>yesterday at about {time}</source>
        <translation>hier vers {time}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="435"/>
        <source>on {day} at about {time}</source>
        <translation>{day} vers {time}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="437"/>
        <source>on {date} at about {time}</source>
        <translation>le {date} vers {time}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="442"/>
        <source>Exporting and checking the copy…</source>
        <translation>Export et vérification de la copie…</translation>
    </message>
</context>
<context>
    <name>DirectScreen</name>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="180"/>
        <source>New interview</source>
        <translation>Nouvel entretien</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="181"/>
        <source>Interviewer: fill in these answers before handing over the laptop.</source>
        <translation>Enquêteur&#xa0;: remplissez ces réponses avant de passer l&apos;ordinateur.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="219"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="220"/>
        <source>Continue</source>
        <translation>Continuer</translation>
    </message>
</context>
<context>
    <name>EstimatesModel</name>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="74"/>
        <source>No</source>
        <translation>Non</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="74"/>
        <source>Yes</source>
        <translation>Oui</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="77"/>
        <source>(unknown)</source>
        <translation>(inconnu)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="78"/>
        <source>(skipped)</source>
        <translation>(question sautée)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="105"/>
        <source>Question, by {by}</source>
        <translation>Question, par {by}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="105"/>
        <source>Question</source>
        <translation>Question</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="106"/>
        <source>Answer</source>
        <translation>Réponse</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="106"/>
        <source>Recorded</source>
        <translation>Enregistré</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="107"/>
        <source>Estimate</source>
        <translation>Estimation</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="107"/>
        <source>95 % interval</source>
        <translation>Intervalle à 95&#xa0;%</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="109"/>
        <source>Answers recorded</source>
        <translation>Réponses enregistrées</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="110"/>
        <source>ε of one recorded answer: the smaller, the more private</source>
        <translation>ε d&apos;une réponse enregistrée&#xa0;: plus il est petit, mieux la personne est protégée</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="111"/>
        <source>How many answers were recorded as this answer (after the spinner), and their share</source>
        <translation>Combien de réponses ont été enregistrées ainsi (après la roue), et leur part</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="113"/>
        <source>Estimated share of respondents for whom this answer is true</source>
        <translation>Part estimée des personnes interrogées pour qui cette réponse est vraie</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="114"/>
        <source>95 % confidence interval of the estimate</source>
        <translation>Intervalle de confiance à 95&#xa0;% de l&apos;estimation</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="115"/>
        <source>The estimate (dot) with its 95 % interval (bar) and the recorded share (diamond), from 0 to 100 %</source>
        <translation>L&apos;estimation (point) avec son intervalle à 95&#xa0;% (barre) et la part enregistrée (losange), de 0 à 100&#xa0;%</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="135"/>
        <source>no answers</source>
        <translation>aucune réponse</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="144"/>
        <source>asked directly, not randomized</source>
        <translation>posée directement, sans roue</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="157"/>
        <source>only {n} answers (under {small}): the interval is wide and only a rough guide</source>
        <translation>seulement {n} réponses (moins de {small})&#xa0;: l&apos;intervalle est large et ne donne qu&apos;un ordre de grandeur</translation>
    </message>
</context>
<context>
    <name>ExportFlow</name>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="66"/>
        <source>Export to… (choose the USB stick)</source>
        <translation>Exporter vers… (choisissez la clé USB)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="87"/>
        <source>Export to the laptop&apos;s own disk?</source>
        <translation>Exporter sur le disque de l&apos;ordinateur lui-même&#xa0;?</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="88"/>
        <source>Export here anyway</source>
        <translation>Exporter ici quand même</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="88"/>
        <source>Choose another folder</source>
        <translation>Choisir un autre dossier</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="108"/>
        <source>Exported and checked on {device}: {path}</source>
        <translation>Exporté et vérifié sur {device}&#xa0;: {path}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/exporting.py" line="110"/>
        <source>It holds %n interview(s).</source>
        <translation>
            <numerusform>Il contient %n entretien.</numerusform>
            <numerusform>Il contient %n entretiens.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="112"/>
        <source>You may remove the USB stick now.</source>
        <translation>Vous pouvez retirer la clé USB.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="120"/>
        <source>Export failed: {error}</source>
        <translation>Échec de l&apos;export&#xa0;: {error}</translation>
    </message>
</context>
<context>
    <name>FieldworkPage</name>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="173"/>
        <source>Interviewers</source>
        <translation>Enquêteurs</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="174"/>
        <source>Interviewer checks</source>
        <translation>Contrôles des enquêteurs</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="175"/>
        <source>Laptops</source>
        <translation>Ordinateurs</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="177"/>
        <source>Compute to see who sent what and when.</source>
        <translation>Calculez pour voir qui a envoyé quoi, et quand.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="182"/>
        <source>{first} – {last}: {begun} interviews begun, {completed} completed.</source>
        <translation>{first} – {last}&#xa0;: {begun} entretiens commencés, {completed} terminés.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="185"/>
        <source>{completed} of {planned} planned ({share} %).</source>
        <translation>{completed} sur {planned} prévus ({share}&#xa0;%).</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="188"/>
        <source>By {by}: {groups}.</source>
        <translation>Par {by}&#xa0;: {groups}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="190"/>
        <source>Interviewer checks: each keeps its false alarms, when every interviewer works honestly, to {alpha} % of studies. A flag asks for a look; it proves nothing. Counts only: no answer of anyone is shown.</source>
        <translation>Contrôles des enquêteurs&#xa0;: quand tous travaillent honnêtement, chacun ne donne de fausse alerte que dans {alpha}&#xa0;% des enquêtes. Un signalement invite à regarder de plus près&#xa0;; il ne prouve rien. Des comptes seulement&#xa0;: aucune réponse de personne n&apos;est montrée.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="198"/>
        <source>No interviewer was flagged.</source>
        <translation>Aucun enquêteur n&apos;est signalé.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="200"/>
        <source>{laptop}: %n bundle(s)</source>
        <translation>
            <numerusform>{laptop}&#xa0;: %n lot</numerusform>
            <numerusform>{laptop}&#xa0;: %n lots</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="202"/>
        <source>last exported {time}</source>
        <translation>dernier export {time}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="204"/>
        <source>%n synthetic interview(s) left out</source>
        <translation>
            <numerusform>%n entretien synthétique écarté</numerusform>
            <numerusform>%n entretiens synthétiques écartés</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FormatDialog</name>
    <message>
        <location filename="../../rrdesk/gui/help.py" line="29"/>
        <source>The survey file</source>
        <translation>Le fichier d’enquête</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/help.py" line="38"/>
        <source>The survey file&apos;s reference is missing from this installation ({path}).</source>
        <translation>La référence du fichier d’enquête manque dans cette installation ({path}).</translation>
    </message>
</context>
<context>
    <name>HandoverScreen</name>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="54"/>
        <source>Please hand the laptop to the respondent.</source>
        <translation>Veuillez passer l&apos;ordinateur à la personne interrogée.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="55"/>
        <source>Interview {number}</source>
        <translation>Entretien {number}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="57"/>
        <source>I am the respondent: start</source>
        <translation>Je suis la personne interrogée&#xa0;: commencer</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="61"/>
        <source>Stop this interview</source>
        <translation>Arrêter cet entretien</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="69"/>
        <source>Stop interview {number}? The questions not asked are marked not asked.</source>
        <translation>Arrêter l&apos;entretien {number}&#xa0;? Les questions pas encore posées sont marquées non posées.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="72"/>
        <source>Yes, stop it</source>
        <translation>Oui, l&apos;arrêter</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="73"/>
        <source>Go back</source>
        <translation>Revenir</translation>
    </message>
</context>
<context>
    <name>InterviewController</name>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="166"/>
        <location filename="../../rrdesk/gui/interview.py" line="188"/>
        <source>No interview was started.</source>
        <translation>Aucun entretien n&apos;a été commencé.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="179"/>
        <source>The interview could not be started: {error}</source>
        <translation>L&apos;entretien n&apos;a pas pu commencer&#xa0;: {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="194"/>
        <source>Interview {number} was closed before the end.</source>
        <translation>L&apos;entretien {number} a été clôturé avant la fin.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="198"/>
        <source>Interview {number} could not be closed: {error}</source>
        <translation>L&apos;entretien {number} n&apos;a pas pu être clôturé&#xa0;: {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="276"/>
        <source>Interview {number}: the respondent did not consent; the refusal is saved.</source>
        <translation>Entretien {number} : la personne n’a pas donné son accord ; le refus est enregistré.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="397"/>
        <source>Interview {number} stopped: {error}. Fix the cause (free some disk space), then continue it from here.</source>
        <translation>L&apos;entretien {number} s&apos;est arrêté&#xa0;: {error}. Corrigez la cause (libérez de l&apos;espace disque), puis continuez-le d&apos;ici.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="282"/>
        <source>Interview {number} saved.</source>
        <translation>Entretien {number} enregistré.</translation>
    </message>
</context>
<context>
    <name>InterviewerChooser</name>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="41"/>
        <source>Interviewer:</source>
        <extracomment>What a typed id may contain while it is typed (the records&apos; rule: rrdesk.core.survey._study)</extracomment>
        <translation>Enquêteur :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="45"/>
        <location filename="../../rrdesk/gui/interviewer.py" line="51"/>
        <source>Interviewer</source>
        <translation>Enquêteur</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="50"/>
        <source>Your interviewer id</source>
        <translation>Votre identifiant d’enquêteur</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="71"/>
        <source>Choose…</source>
        <translation>Choisir…</translation>
    </message>
</context>
<context>
    <name>InterviewersModel</name>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Interviewer</source>
        <translation>Enquêteur</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Laptops</source>
        <translation>Ordinateurs</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Days</source>
        <translation>Jours</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Begun</source>
        <translation>Commencés</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Completed</source>
        <translation>Terminés</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="66"/>
        <source>Stopped</source>
        <translation>Arrêtés</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="66"/>
        <source>Refused</source>
        <translation>Refusés</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="66"/>
        <source>Flags</source>
        <translation>Signalements</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="66"/>
        <source>Per day</source>
        <translation>Par jour</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="192"/>
        <source>DEMO — readable with the public demo key. Never use it for real answers.</source>
        <translation>DÉMO — lisible avec la clé de démonstration publique. Ne l&apos;utilisez jamais pour de vraies réponses.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="199"/>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="200"/>
        <source>&amp;Open survey…</source>
        <translation>&amp;Ouvrir une enquête…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="203"/>
        <source>&amp;Export to…</source>
        <translation>&amp;Exporter vers…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="205"/>
        <source>Write &amp;enrollment file…</source>
        <translation>Écrire le fichier d&apos;&amp;inscription…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="207"/>
        <source>&amp;Results (coordinator)…</source>
        <translation>&amp;Résultats (coordinateur)…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="209"/>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="246"/>
        <source>Open survey</source>
        <translation>Ouvrir une enquête</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="247"/>
        <source>Survey files (*.toml);;All files (*)</source>
        <translation>Fichiers d&apos;enquête (*.toml);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="257"/>
        <source>This survey file cannot be used</source>
        <translation>Ce fichier d&apos;enquête ne peut pas être utilisé</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="277"/>
        <source>{problem}; forgotten (settings file {file})</source>
        <translation>{problem} ; oublié (fichier de réglages {file})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="279"/>
        <source>The survey file cannot be used; the demo survey is open instead</source>
        <translation>Le fichier d&apos;enquête ne peut pas être utilisé&#xa0;; l&apos;enquête de démonstration est ouverte à la place</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="299"/>
        <source>Opening the data folder…</source>
        <translation>Ouverture du dossier des données…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="313"/>
        <source>Confirm the coordinator&apos;s key to record interviews.</source>
        <translation>Confirmez la clé du coordinateur pour enregistrer des entretiens.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="333"/>
        <source>The coordinator&apos;s key was not confirmed: interviews cannot be recorded with this survey. Open it again once you have the key id.</source>
        <translation>La clé du coordinateur n&apos;a pas été confirmée : aucun entretien ne peut être enregistré avec ce questionnaire. Ouvrez-le de nouveau quand vous aurez l&apos;identifiant de clé.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="362"/>
        <source>The data folder cannot be used: {error}</source>
        <translation>Le dossier des données ne peut pas être utilisé&#xa0;: {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="369"/>
        <source>The data folder held a damaged file; it is kept for checking (rrdesk verify) and interviews go on.</source>
        <translation>Le dossier de données contenait un fichier endommagé&#xa0;; il est conservé pour vérification (rrdesk verify) et les entretiens continuent.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="152"/>
        <source>Close interview {number}?</source>
        <translation>Clore l&apos;entretien {number}&#xa0;?</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="157"/>
        <source>The questions it did not reach are marked as not asked. This cannot be undone.</source>
        <translation>Les questions qu&apos;il n&apos;a pas atteintes sont marquées comme non posées. Cela ne peut pas être annulé.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="153"/>
        <source>Close it</source>
        <translation>Le clore</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="160"/>
        <source>Keep it</source>
        <translation>Le garder</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="199"/>
        <source>Interview {number} was closed; the questions it did not reach are marked as not asked.</source>
        <translation>L&apos;entretien {number} a été clôturé&#xa0;; les questions qu&apos;il n&apos;a pas atteintes sont marquées comme non posées.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="178"/>
        <source>Leave the interview?</source>
        <translation>Quitter l&apos;entretien&#xa0;?</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="127"/>
        <source>Close interview {number} and start a new one?</source>
        <translation>Clore l&apos;entretien {number} et en commencer un nouveau&#xa0;?</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="129"/>
        <source>Close it and start</source>
        <translation>Le clore et commencer</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="179"/>
        <source>The interview stays interrupted: its saved answers are kept, and the dashboard offers to continue it next time.</source>
        <translation>L&apos;entretien reste interrompu&#xa0;: ses réponses enregistrées sont conservées, et le tableau de bord proposera de le continuer la prochaine fois.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="181"/>
        <source>Leave</source>
        <translation>Quitter</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="181"/>
        <source>Stay</source>
        <translation>Rester</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="218"/>
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="219"/>
        <source>Survey file &amp;format…</source>
        <translation>&amp;Format du fichier d’enquête…</translation>
    </message>
</context>
<context>
    <name>NumberField</name>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="113"/>
        <source>Erase</source>
        <extracomment>The erase key&apos;s sign, and the minus sign a negative range gets (typed &quot;-&quot; is the same). The hint&apos;s and the error&apos;s font sizes in resources/style.qss (QLabel[role=&quot;hint&quot;], [role=&quot;error&quot;]). A question&apos;s margins (left, top, right, bottom): room at its start for the bar that marks it while it is new (style.qss: QFrame[revealed=&quot;true&quot;], a border 8 px wide).</extracomment>
        <translation>Effacer</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="122"/>
        <source>a number from {low} to {high}, {decimals} digits after the point at most</source>
        <translation>un nombre de {low} à {high}, au plus {decimals} chiffres après la virgule</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="124"/>
        <source>a whole number from {low} to {high}</source>
        <translation>un nombre entier de {low} à {high}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="134"/>
        <source>Not accepted: enter {what}.</source>
        <translation>Non accepté&#xa0;: saisissez {what}.</translation>
    </message>
</context>
<context>
    <name>ResultsWindow</name>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="114"/>
        <source>rrdesk — Results</source>
        <translation>rrdesk — Résultats</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="115"/>
        <source>Results</source>
        <translation>Résultats</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="116"/>
        <source>Results: {title}</source>
        <translation>Résultats&#xa0;: {title}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="117"/>
        <source>&amp;Open bundles…</source>
        <translation>&amp;Ouvrir des lots…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="118"/>
        <source>&amp;Identity file…</source>
        <translation>Fichier d&apos;&amp;identité…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="119"/>
        <source>&amp;Survey:</source>
        <translation>&amp;Enquête&#xa0;:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="120"/>
        <source>Split &amp;by:</source>
        <translation>&amp;Ventiler par&#xa0;:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="121"/>
        <source>&amp;Compute</source>
        <translation>&amp;Calculer</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="122"/>
        <source>Save &amp;report…</source>
        <translation>Enregistrer le &amp;rapport…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="123"/>
        <source>Enroll this laptop…</source>
        <translation>Inscrire cet ordinateur…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="124"/>
        <source>Use anyway (unverified)</source>
        <translation>Utiliser quand même (non vérifié)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="125"/>
        <source>Count the synthetic interviews</source>
        <translation>Compter les entretiens synthétiques</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="126"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="127"/>
        <source>Interviews made by rrdesk simulate, for practice: they are left out of the estimates unless you count them.</source>
        <translation>Entretiens créés par rrdesk simulate, pour s’exercer : ils sont écartés des estimations, sauf si vous les comptez.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="129"/>
        <source>Working</source>
        <translation>Calcul en cours</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="130"/>
        <source>Estimates</source>
        <translation>Estimations</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="131"/>
        <source>Problems</source>
        <translation>Problèmes</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="133"/>
        <source>No bundle chosen yet: the .tar.age files exported from the laptops.</source>
        <translation>Aucun lot choisi pour l&apos;instant&#xa0;: les fichiers .tar.age exportés des ordinateurs.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="134"/>
        <location filename="../../rrdesk/gui/results/__init__.py" line="233"/>
        <source>{bundles}: {names}</source>
        <translation>{bundles}&#xa0;: {names}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="137"/>
        <source>No identity file chosen yet: the file with your secret key (AGE-SECRET-KEY-1…).</source>
        <translation>Aucun fichier d&apos;identité choisi pour l&apos;instant&#xa0;: le fichier de votre clé secrète (AGE-SECRET-KEY-1…).</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="139"/>
        <source>{name} — read only while computing; rrdesk never saves it or its place.</source>
        <translation>{name} — lu seulement pendant le calcul&#xa0;; rrdesk n&apos;enregistre jamais ni ce fichier ni son emplacement.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="141"/>
        <source>estimate</source>
        <translation>estimation</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="141"/>
        <source>95 % confidence interval</source>
        <translation>intervalle de confiance à 95&#xa0;%</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="142"/>
        <source>recorded share (before correction)</source>
        <translation>part enregistrée (avant correction)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="145"/>
        <source>Each line names the bundle, the laptop&apos;s log and the record, and what is wrong. The records named here were left out; the rest was used.</source>
        <translation>Chaque ligne indique le lot, le journal de l&apos;ordinateur et l&apos;enregistrement, et ce qui ne va pas. Les enregistrements indiqués ici ont été écartés&#xa0;; tout le reste a été utilisé.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="147"/>
        <source>&amp;Estimates</source>
        <translation>Es&amp;timations</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="148"/>
        <source>&amp;Problems ({count})</source>
        <translation>&amp;Problèmes ({count})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="152"/>
        <source>&amp;Fieldwork</source>
        <translation>&amp;Terrain</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="153"/>
        <source>&amp;Fieldwork (%n flag(s))</source>
        <translation>
            <numerusform>&amp;Terrain (%n signalement)</numerusform>
            <numerusform>&amp;Terrain (%n signalements)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="156"/>
        <location filename="../../rrdesk/gui/results/__init__.py" line="243"/>
        <source>no split</source>
        <translation>sans ventilation</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="167"/>
        <source>Open export bundles</source>
        <translation>Ouvrir des lots d&apos;export</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="168"/>
        <source>Export bundles (*.tar.age);;All files (*)</source>
        <translation>Lots d&apos;export (*.tar.age);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="175"/>
        <source>Choose the identity file</source>
        <translation>Choisir le fichier d&apos;identité</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="176"/>
        <source>Identity files (*.txt *.key);;All files (*)</source>
        <translation>Fichiers d&apos;identité (*.txt *.key);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="204"/>
        <source>Opening the bundles…</source>
        <translation>Ouverture des lots…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="211"/>
        <source>No bundle could be opened with this identity file. Compute lists what is wrong.</source>
        <translation>Aucun lot n&apos;a pu être ouvert avec ce fichier d&apos;identité. «&#xa0;Calculer&#xa0;» indique ce qui ne va pas.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="215"/>
        <source>The bundles hold the survey “{title}”. Press Compute.</source>
        <translation>Les lots contiennent l&apos;enquête «&#xa0;{title}&#xa0;». Appuyez sur «&#xa0;Calculer&#xa0;».</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="217"/>
        <source>The bundles hold {count} surveys: choose one, then press Compute.</source>
        <translation>Les lots contiennent {count} enquêtes&#xa0;: choisissez-en une, puis appuyez sur «&#xa0;Calculer&#xa0;».</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="255"/>
        <source>Press Compute to see the results of this survey.</source>
        <translation>Appuyez sur «&#xa0;Calculer&#xa0;» pour voir les résultats de cette enquête.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="263"/>
        <source>Splitting the results…</source>
        <translation>Ventilation des résultats…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="275"/>
        <source>Decrypting and checking every record of {bundles}…</source>
        <translation>Déchiffrement et vérification de chaque enregistrement ({bundles})…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="303"/>
        <source>Stopping…</source>
        <translation>Arrêt en cours…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="312"/>
        <source>Decrypting and checking: {done} of {planned} records</source>
        <translation>Déchiffrement et vérification : {done} enregistrements sur {planned}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="316"/>
        <source>about %n second(s) left</source>
        <translation>
            <numerusform>encore environ %n seconde</numerusform>
            <numerusform>encore environ %n secondes</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="322"/>
        <source>Nothing to show: no bundle could be used. The Problems tab says why.</source>
        <translation>Rien à afficher&#xa0;: aucun lot n&apos;a pu être utilisé. L&apos;onglet «&#xa0;Problèmes&#xa0;» dit pourquoi.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="325"/>
        <source>Nothing was used: these bundles hold synthetic interviews (made by rrdesk simulate, for practice), which are left out. The Problems tab can count them.</source>
        <translation>Rien n’a été utilisé : ces lots contiennent des entretiens synthétiques (créés par rrdesk simulate, pour s’exercer), qui sont écartés. L’onglet Problèmes permet de les compter.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="329"/>
        <source>Nothing was used: every record was left out (0 interviews). The Problems tab says why; a laptop that is not enrolled can be enrolled there, or used anyway.</source>
        <translation>Rien n&apos;a été utilisé : tous les enregistrements ont été écartés (0 entretien). L&apos;onglet Problèmes dit pourquoi ; un ordinateur non inscrit peut y être inscrit, ou utilisé quand même.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="333"/>
        <source>Computed from {bundles}, with the records of laptops not proven used anyway (unverified): nothing shows that your laptops made them.</source>
        <translation>Calculé à partir de {bundles}, avec les enregistrements d&apos;ordinateurs non prouvés utilisés quand même (non vérifié) : rien ne montre que vos ordinateurs les ont faits.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="339"/>
        <source>Computed from {bundles}.</source>
        <translation>Calculé à partir de {bundles}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="340"/>
        <source>Records found in several bundles were counted once.</source>
        <translation>Les enregistrements présents dans plusieurs lots ont été comptés une seule fois.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="341"/>
        <source>The records named under Problems were left out; everything else was used.</source>
        <translation>Les enregistrements indiqués sous «&#xa0;Problèmes&#xa0;» ont été écartés&#xa0;; tout le reste a été utilisé.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="348"/>
        <source>Cancelled: nothing was computed or saved.</source>
        <translation>Annulé : rien n’a été calculé ni enregistré.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="362"/>
        <source>{bundle}: left out, it holds another survey ({id}); choose that survey to see its results.</source>
        <translation>{bundle}&#xa0;: écarté, il contient une autre enquête ({id})&#xa0;; choisissez cette enquête pour voir ses résultats.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="368"/>
        <source>Choose the bundles and your identity file, then press Compute. The numbers are those of “rrdesk aggregate”.</source>
        <translation>Choisissez les lots et votre fichier d&apos;identité, puis appuyez sur «&#xa0;Calculer&#xa0;». Les chiffres sont ceux de «&#xa0;rrdesk aggregate&#xa0;».</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="372"/>
        <source>%n laptop(s)</source>
        <translation>
            <numerusform>%n ordinateur</numerusform>
            <numerusform>%n ordinateurs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="381"/>
        <source>⚠ %n problem(s): see Problems</source>
        <translation>
            <numerusform>⚠ %n problème&#xa0;: voir Problèmes</numerusform>
            <numerusform>⚠ %n problèmes&#xa0;: voir Problèmes</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="417"/>
        <source>The laptop&apos;s enrollment file</source>
        <translation>Le fichier d&apos;inscription de l&apos;ordinateur</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="418"/>
        <source>Enrollment files (rrdesk-laptop-*.pub);;All files (*)</source>
        <translation>Fichiers d&apos;inscription (rrdesk-laptop-*.pub);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="422"/>
        <location filename="../../rrdesk/gui/results/__init__.py" line="427"/>
        <source>Enroll this laptop</source>
        <translation>Inscrire cet ordinateur</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="422"/>
        <source>The key id the laptop shows (File ▸ Write enrollment file… on the laptop), as XXXX-XXXX-XXXX-XXXX:</source>
        <translation>L&apos;identifiant de clé que montre l&apos;ordinateur (Fichier ▸ Écrire le fichier d&apos;inscription… sur l&apos;ordinateur), sous la forme XXXX-XXXX-XXXX-XXXX :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="428"/>
        <source>A name for the laptop (optional), e.g. Laptop 3, Amina:</source>
        <translation>Un nom pour l&apos;ordinateur (facultatif), p. ex. Ordinateur 3, Amina :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="448"/>
        <source>Laptop {laptop} (key id {code}) enrolled in {list}.</source>
        <translation>Ordinateur {laptop} (clé {code}) inscrit dans {list}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="510"/>
        <source>The Stata and SPSS files (answers.dta, answers.sav) were not written: they need rrdesk&apos;s datafiles extra (pip install &apos;rrdesk[datafiles]&apos;); the CSV files hold the same data.</source>
        <translation>Les fichiers Stata et SPSS (answers.dta, answers.sav) n’ont pas été écrits : il leur faut le module datafiles de rrdesk (pip install &apos;rrdesk[datafiles]&apos;) ; les fichiers CSV contiennent les mêmes données.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="529"/>
        <source>%n bundle(s)</source>
        <translation>
            <numerusform>%n lot</numerusform>
            <numerusform>%n lots</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="373"/>
        <source>{interviews} interviews · {records} records · {laptops} · ε per respondent {epsilon} (cap {cap})</source>
        <translation>{interviews} entretiens · {records} enregistrements · {laptops} · ε par répondant {epsilon} (plafond {cap})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="380"/>
        <source>✓ Every bundle verified</source>
        <translation>✓ Tous les lots sont vérifiés</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="382"/>
        <source>Each record&apos;s chain, tag and content checked out; records found in several bundles were counted once.</source>
        <translation>La chaîne, l&apos;étiquette et le contenu de chaque enregistrement sont vérifiés&#xa0;; les enregistrements présents dans plusieurs lots ont été comptés une seule fois.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="384"/>
        <source>The damaged or doubtful records were left out and everything else was used.</source>
        <translation>Les enregistrements endommagés ou douteux ont été écartés et tout le reste a été utilisé.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="403"/>
        <source>laptop {laptop}…, log {log}…</source>
        <translation>ordinateur {laptop}…, journal {log}…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="406"/>
        <source>record {number}</source>
        <translation>enregistrement {number}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="407"/>
        <source>{where}: {what}</source>
        <translation>{where}&#xa0;: {what}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="473"/>
        <source>forced response</source>
        <translation>réponse forcée</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="473"/>
        <source>Warner&apos;s mirrored question</source>
        <translation>question miroir de Warner</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="474"/>
        <source>unrelated question</source>
        <translation>question sans rapport</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="474"/>
        <source>k-ary randomized response</source>
        <translation>réponse randomisée à k modalités</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="475"/>
        <source>unrelated question, unknown prevalence</source>
        <translation>question sans rapport, prévalence inconnue</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="475"/>
        <source>asked directly</source>
        <translation>posée directement</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="476"/>
        <source>{design}, ε = {epsilon}</source>
        <translation>{design}, ε = {epsilon}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="477"/>
        <source>{id} ({design}): {text}</source>
        <translation>{id} ({design})&#xa0;: {text}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="478"/>
        <source>Method: {method}</source>
        <translation>Méthode&#xa0;: {method}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="480"/>
        <source>{declined} declined, {abandoned} not reached, {after_spin} stopped after the spin</source>
        <translation>{declined} refusées, {abandoned} non atteintes, {after_spin} arrêtées après le tirage de la roue</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="494"/>
        <source>Save the report in…</source>
        <translation>Enregistrer le rapport dans…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="503"/>
        <source>Writing the report…</source>
        <translation>Écriture du rapport…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="507"/>
        <source>Report saved in {folder}: {files}</source>
        <translation>Rapport enregistré dans {folder}&#xa0;: {files}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="517"/>
        <source>The report could not be saved: {error}</source>
        <translation>Le rapport n&apos;a pas pu être enregistré&#xa0;: {error}</translation>
    </message>
</context>
<context>
    <name>TrustFlow</name>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="72"/>
        <source>Confirm the coordinator&apos;s key</source>
        <translation>Confirmer la clé du coordinateur</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="73"/>
        <source>This survey is signed by the key:</source>
        <translation>Ce questionnaire est signé par la clé :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="74"/>
        <source>Is this exactly the key id your coordinator gave you? If it is, this laptop will trust this key from now on: surveys signed by any other key are refused. If it is not, or you do not know, choose Not now and call the coordinator.</source>
        <translation>Est-ce exactement l&apos;identifiant de clé que votre coordinateur vous a donné ? Si oui, cet ordinateur fera confiance à cette clé désormais : les questionnaires signés par toute autre clé seront refusés. Sinon, ou si vous ne savez pas, choisissez Pas maintenant et appelez le coordinateur.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="77"/>
        <source>Yes, trust this key</source>
        <translation>Oui, faire confiance à cette clé</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="77"/>
        <source>Not now</source>
        <translation>Pas maintenant</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="88"/>
        <source>Replace the coordinator&apos;s key?</source>
        <translation>Remplacer la clé du coordinateur ?</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="89"/>
        <source>This laptop trusts the coordinator&apos;s key {old}. This survey is signed by the key:</source>
        <translation>Cet ordinateur fait confiance à la clé du coordinateur {old}. Ce questionnaire est signé par la clé :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="91"/>
        <source>Replace the key only if the coordinator told you their key changed and gave you exactly this key id. From then on surveys signed by {old} are refused. The next export tells the coordinator that the key was replaced.</source>
        <translation>Ne remplacez la clé que si le coordinateur vous a dit que sa clé a changé et vous a donné exactement cet identifiant. Ensuite, les questionnaires signés par {old} seront refusés. Le prochain export indiquera au coordinateur que la clé a été remplacée.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="94"/>
        <source>Replace the key</source>
        <translation>Remplacer la clé</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="94"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="106"/>
        <source>The key was not changed</source>
        <translation>La clé n&apos;a pas été changée</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="106"/>
        <location filename="../../rrdesk/gui/trusting.py" line="129"/>
        <location filename="../../rrdesk/gui/trusting.py" line="136"/>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="116"/>
        <source>Write the enrollment file to</source>
        <translation>Écrire le fichier d&apos;inscription dans</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="128"/>
        <source>The enrollment file was not written</source>
        <translation>Le fichier d&apos;inscription n&apos;a pas été écrit</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="131"/>
        <source>Enrollment file written</source>
        <translation>Fichier d&apos;inscription écrit</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="132"/>
        <source>This laptop&apos;s key id:</source>
        <translation>Identifiant de clé de cet ordinateur :</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="133"/>
        <source>Written: {file}. Give the file to the coordinator and read this key id to them (or let them read it on this screen): they type it when they enroll the laptop, and a file swapped on the way is refused.</source>
        <translation>Écrit : {file}. Donnez le fichier au coordinateur et lisez-lui cet identifiant de clé (ou laissez-le le lire sur cet écran) : il le saisit en inscrivant l&apos;ordinateur, et un fichier échangé en chemin est refusé.</translation>
    </message>
</context>
</TS>
