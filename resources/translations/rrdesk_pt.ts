<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pt" sourcelanguage="en">
<context>
    <name>Dashboard</name>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="114"/>
        <source>Open survey…</source>
        <translation>Abrir pesquisa…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="122"/>
        <source>Trust this key instead…</source>
        <translation>Confiar nesta chave em vez disso…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="141"/>
        <source>Try again</source>
        <translation>Tentar de novo</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="154"/>
        <source>Continue</source>
        <translation>Continuar</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="155"/>
        <source>Close it</source>
        <translation>Encerrá-la</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="171"/>
        <location filename="../../rrdesk/gui/dashboard.py" line="449"/>
        <source>not yet</source>
        <translation>ainda não</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="175"/>
        <source>Saved in this session</source>
        <translation>Guardadas nesta sessão</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="176"/>
        <source>On this laptop (this survey)</source>
        <translation>Neste computador (esta pesquisa)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="177"/>
        <source>Last answer saved</source>
        <translation>Última resposta guardada</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="178"/>
        <source>Last export (this session)</source>
        <translation>Última exportação (esta sessão)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="179"/>
        <source>Free disk space</source>
        <translation>Espaço livre em disco</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="180"/>
        <source>Data folder</source>
        <translation>Pasta de dados</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="181"/>
        <source>Interviews</source>
        <translation>Entrevistas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="188"/>
        <source>Low disk space: export the data to a USB stick and free some space before the next interview.</source>
        <translation>Pouco espaço em disco: exporte os dados para um pen drive e libere espaço antes da próxima entrevista.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="200"/>
        <source>Start interview</source>
        <translation>Iniciar entrevista</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="204"/>
        <source>Export to…</source>
        <translation>Exportar para…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="210"/>
        <source>Export in progress</source>
        <translation>Exportação em andamento</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="222"/>
        <source>Reduce spinner motion</source>
        <translation>Reduzir o movimento da roda</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="228"/>
        <source>Interviewer language:</source>
        <translation>Idioma do entrevistador:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="232"/>
        <source>Interviewer language</source>
        <translation>Idioma do entrevistador</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="269"/>
        <source>Checking the survey&apos;s signature…</source>
        <translation>Verificando a assinatura da pesquisa…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="272"/>
        <source>{file} · languages: {languages} · ε per respondent: {epsilon} (cap {cap})</source>
        <translation>{file} · idiomas: {languages} · ε por respondente: {epsilon} (limite {cap})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="287"/>
        <source>Signed by the coordinator&apos;s key {key}.</source>
        <translation>Assinado com a chave do coordenador {key}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="288"/>
        <source>Signed by key {key}, not yet confirmed on this laptop.</source>
        <translation>Assinado pela chave {key}, ainda não confirmada neste portátil.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="289"/>
        <source>Signed by key {key}.</source>
        <translation>Assinado pela chave {key}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="290"/>
        <source>Not signed.</source>
        <translation>Não assinado.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="297"/>
        <source>PRACTICE ONLY — this file is not signed, and this laptop trusts the coordinator&apos;s key {trusted}. Interviews cannot be recorded with it: ask the coordinator for the signed file (with its .minisig beside it).</source>
        <translation>APENAS PRÁTICA — este ficheiro não está assinado e este portátil confia na chave do coordenador {trusted}. Não é possível gravar entrevistas com ele: peça ao coordenador o ficheiro assinado (com o seu .minisig ao lado).</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="302"/>
        <source>NOT THE COORDINATOR&apos;S FILE — it is signed by key {key}, but this laptop trusts the coordinator&apos;s key {trusted}. Interviews cannot be recorded with it. Only if the coordinator told you their key changed, and gave you the new key id: Trust this key instead…</source>
        <translation>NÃO É O FICHEIRO DO COORDENADOR — está assinado pela chave {key}, mas este portátil confia na chave do coordenador {trusted}. Não é possível gravar entrevistas com ele. Só se o coordenador lhe disse que a chave mudou e lhe deu o novo identificador: Confiar nesta chave em vez disso…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="307"/>
        <source>Compare key {key} with the key id the coordinator gave you before recording interviews.</source>
        <translation>Compare a chave {key} com o identificador de chave que o coordenador lhe deu antes de gravar entrevistas.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="317"/>
        <source>Answers are sealed to: {recipients}</source>
        <translation>As respostas são cifradas para: {recipients}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="453"/>
        <source>today at {time}</source>
        <translation>hoje às {time}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="293"/>
        <source>The survey&apos;s signature cannot be trusted: {problem}</source>
        <translation>Não se pode confiar na assinatura do questionário: {problem}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="310"/>
        <source>UNSIGNED SURVEY — nothing proves this file is the coordinator&apos;s. Use it for practice only; for real interviews ask the coordinator for the signed file (with its .minisig beside it).</source>
        <translation>QUESTIONÁRIO NÃO ASSINADO — nada prova que este arquivo é do coordenador. Use-o apenas para praticar; para entrevistas reais peça ao coordenador o arquivo assinado (com o seu .minisig ao lado).</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="324"/>
        <source>nothing saved yet</source>
        <translation>nada guardado ainda</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="335"/>
        <source>unknown</source>
        <translation>desconhecido</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="337"/>
        <source>{size} GB</source>
        <translation>{size} GB</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="339"/>
        <source>{size} MB</source>
        <translation>{size} MB</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="371"/>
        <source>No interview can be recorded until this is fixed; the data can still be exported. Fix the cause, then tap Try again.</source>
        <translation>Nenhuma entrevista pode ser registrada até que isto seja corrigido; os dados ainda podem ser exportados. Corrija a causa e toque em Tentar de novo.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="374"/>
        <source>No interview can be recorded until this is fixed. Fix the cause, then tap Try again.</source>
        <translation>Nenhuma entrevista pode ser registrada até que isto seja corrigido. Corrija a causa e toque em Tentar de novo.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="396"/>
        <source>Interview {number} stopped {when} after question {done} of {total}.</source>
        <translation>A entrevista {number} parou {when} depois da pergunta {done} de {total}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="397"/>
        <source>Interview {number} stopped {when} before its first question.</source>
        <translation>A entrevista {number} parou {when} antes da primeira pergunta.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="399"/>
        <source>Interview {number} stopped after question {done} of {total}.</source>
        <translation>A entrevista {number} parou depois da pergunta {done} de {total}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="400"/>
        <source>Interview {number} stopped before its first question.</source>
        <translation>A entrevista {number} parou antes da primeira pergunta.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="402"/>
        <source>Its direct answers are saved ({count}); they are not asked again.</source>
        <translation>As suas respostas diretas estão guardadas ({count}); não voltam a ser perguntadas.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="405"/>
        <source>Question {done} was spun but not answered; it is recorded as not answered and will not be asked again.</source>
        <translation>A pergunta {done} foi girada mas não respondida; fica registrada como não respondida e não será feita de novo.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="408"/>
        <source>No question is left: close it.</source>
        <translation>Não resta nenhuma pergunta: encerre-a.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="410"/>
        <source>Continue it with the same respondent (question {next} comes next), or close it.</source>
        <translation>Continue-a com o mesmo respondente (a próxima é a pergunta {next}), ou encerre-a.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="431"/>
        <source>today at about {time}</source>
        <translation>hoje por volta das {time}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="433"/>
        <source>yesterday at about {time}</source>
        <translation>ontem por volta das {time}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="435"/>
        <source>on {day} at about {time}</source>
        <translation>{day}, por volta das {time}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="437"/>
        <source>on {date} at about {time}</source>
        <translation>em {date}, por volta das {time}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/dashboard.py" line="442"/>
        <source>Exporting and checking the copy…</source>
        <translation>Exportando e verificando a cópia…</translation>
    </message>
</context>
<context>
    <name>DirectScreen</name>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="180"/>
        <source>New interview</source>
        <translation>Nova entrevista</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="181"/>
        <source>Interviewer: fill in these answers before handing over the laptop.</source>
        <translation>Entrevistador: preencha estas respostas antes de entregar o computador.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="219"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="220"/>
        <source>Continue</source>
        <translation>Continuar</translation>
    </message>
</context>
<context>
    <name>EstimatesModel</name>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="74"/>
        <source>No</source>
        <translation>Não</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="74"/>
        <source>Yes</source>
        <translation>Sim</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="77"/>
        <source>(unknown)</source>
        <translation>(desconhecido)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="78"/>
        <source>(skipped)</source>
        <translation>(pergunta saltada)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="105"/>
        <source>Question, by {by}</source>
        <translation>Pergunta, por {by}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="105"/>
        <source>Question</source>
        <translation>Pergunta</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="106"/>
        <source>Answer</source>
        <translation>Resposta</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="106"/>
        <source>Recorded</source>
        <translation>Registradas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="107"/>
        <source>Estimate</source>
        <translation>Estimativa</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="107"/>
        <source>95 % interval</source>
        <translation>Intervalo de 95 %</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="109"/>
        <source>Answers recorded</source>
        <translation>Respostas registradas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="110"/>
        <source>ε of one recorded answer: the smaller, the more private</source>
        <translation>ε de uma resposta registrada: quanto menor, mais privado</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="111"/>
        <source>How many answers were recorded as this answer (after the spinner), and their share</source>
        <translation>Quantas respostas foram registradas como esta resposta (depois da roda), e a sua proporção</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="113"/>
        <source>Estimated share of respondents for whom this answer is true</source>
        <translation>Proporção estimada de respondentes para quem esta resposta é verdadeira</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="114"/>
        <source>95 % confidence interval of the estimate</source>
        <translation>Intervalo de confiança de 95 % da estimativa</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="115"/>
        <source>The estimate (dot) with its 95 % interval (bar) and the recorded share (diamond), from 0 to 100 %</source>
        <translation>A estimativa (ponto) com o seu intervalo de 95 % (barra) e a proporção registrada (losango), de 0 a 100 %</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="135"/>
        <source>no answers</source>
        <translation>sem respostas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="144"/>
        <source>asked directly, not randomized</source>
        <translation>perguntada diretamente, sem aleatorização</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_table.py" line="157"/>
        <source>only {n} answers (under {small}): the interval is wide and only a rough guide</source>
        <translation>só {n} respostas (menos de {small}): o intervalo é largo e só serve de orientação</translation>
    </message>
</context>
<context>
    <name>ExportFlow</name>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="66"/>
        <source>Export to… (choose the USB stick)</source>
        <translation>Exportar para… (escolha o pen drive)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="87"/>
        <source>Export to the laptop&apos;s own disk?</source>
        <translation>Exportar para o próprio disco do computador?</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="88"/>
        <source>Export here anyway</source>
        <translation>Exportar aqui mesmo assim</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="88"/>
        <source>Choose another folder</source>
        <translation>Escolher outra pasta</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="108"/>
        <source>Exported and checked on {device}: {path}</source>
        <translation>Exportado e verificado em {device}: {path}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/exporting.py" line="110"/>
        <source>It holds %n interview(s).</source>
        <translation>
            <numerusform>Contém %n entrevista.</numerusform>
            <numerusform>Contém %n entrevistas.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="112"/>
        <source>You may remove the USB stick now.</source>
        <translation>Já pode retirar o pen drive.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/exporting.py" line="120"/>
        <source>Export failed: {error}</source>
        <translation>A exportação falhou: {error}</translation>
    </message>
</context>
<context>
    <name>FieldworkPage</name>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="173"/>
        <source>Interviewers</source>
        <translation>Entrevistadores</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="174"/>
        <source>Interviewer checks</source>
        <translation>Verificações dos entrevistadores</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="175"/>
        <source>Laptops</source>
        <translation>Portáteis</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="177"/>
        <source>Compute to see who sent what and when.</source>
        <translation>Calcule para ver quem enviou o quê, e quando.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="182"/>
        <source>{first} – {last}: {begun} interviews begun, {completed} completed.</source>
        <translation>{first} – {last}: {begun} entrevistas iniciadas, {completed} concluídas.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="185"/>
        <source>{completed} of {planned} planned ({share} %).</source>
        <translation>{completed} de {planned} previstas ({share} %).</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="188"/>
        <source>By {by}: {groups}.</source>
        <translation>Por {by}: {groups}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="190"/>
        <source>Interviewer checks: each keeps its false alarms, when every interviewer works honestly, to {alpha} % of studies. A flag asks for a look; it proves nothing. Counts only: no answer of anyone is shown.</source>
        <translation>Verificações dos entrevistadores: quando todos trabalham honestamente, cada uma dá um falso alarme apenas em {alpha} % dos estudos. Um sinal pede um olhar mais atento; não prova nada. Apenas contagens: nenhuma resposta de ninguém é mostrada.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="198"/>
        <source>No interviewer was flagged.</source>
        <translation>Nenhum entrevistador foi sinalizado.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="200"/>
        <source>{laptop}: %n bundle(s)</source>
        <translation>
            <numerusform>{laptop}: %n pacote</numerusform>
            <numerusform>{laptop}: %n pacotes</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="202"/>
        <source>last exported {time}</source>
        <translation>última exportação {time}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="204"/>
        <source>%n synthetic interview(s) left out</source>
        <translation>
            <numerusform>%n entrevista sintética excluída</numerusform>
            <numerusform>%n entrevistas sintéticas excluídas</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FormatDialog</name>
    <message>
        <location filename="../../rrdesk/gui/help.py" line="29"/>
        <source>The survey file</source>
        <translation>O arquivo de pesquisa</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/help.py" line="38"/>
        <source>The survey file&apos;s reference is missing from this installation ({path}).</source>
        <translation>A referência do arquivo de pesquisa não está nesta instalação ({path}).</translation>
    </message>
</context>
<context>
    <name>HandoverScreen</name>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="54"/>
        <source>Please hand the laptop to the respondent.</source>
        <translation>Por favor, entregue o computador ao respondente.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="55"/>
        <source>Interview {number}</source>
        <translation>Entrevista {number}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="57"/>
        <source>I am the respondent: start</source>
        <translation>Sou o respondente: começar</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="61"/>
        <source>Stop this interview</source>
        <translation>Parar esta entrevista</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="69"/>
        <source>Stop interview {number}? The questions not asked are marked not asked.</source>
        <translation>Parar a entrevista {number}? As perguntas não feitas ficam marcadas como não feitas.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="72"/>
        <source>Yes, stop it</source>
        <translation>Sim, parar</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/screens.py" line="73"/>
        <source>Go back</source>
        <translation>Voltar</translation>
    </message>
</context>
<context>
    <name>InterviewController</name>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="166"/>
        <location filename="../../rrdesk/gui/interview.py" line="188"/>
        <source>No interview was started.</source>
        <translation>Nenhuma entrevista foi iniciada.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="179"/>
        <source>The interview could not be started: {error}</source>
        <translation>Não foi possível iniciar a entrevista: {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="194"/>
        <source>Interview {number} was closed before the end.</source>
        <translation>A entrevista {number} foi encerrada antes do fim.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="198"/>
        <source>Interview {number} could not be closed: {error}</source>
        <translation>Não foi possível encerrar a entrevista {number}: {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="276"/>
        <source>Interview {number}: the respondent did not consent; the refusal is saved.</source>
        <translation>Entrevista {number}: a pessoa não deu o seu consentimento; a recusa está guardada.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="282"/>
        <source>Interview {number} saved.</source>
        <translation>Entrevista {number} guardada.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interview.py" line="397"/>
        <source>Interview {number} stopped: {error}. Fix the cause (free some disk space), then continue it from here.</source>
        <translation>A entrevista {number} parou: {error}. Corrija a causa (libere espaço em disco) e continue-a a partir daqui.</translation>
    </message>
</context>
<context>
    <name>InterviewerChooser</name>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="41"/>
        <source>Interviewer:</source>
        <extracomment>What a typed id may contain while it is typed (the records&apos; rule: rrdesk.core.survey._study)</extracomment>
        <translation>Entrevistador:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="45"/>
        <location filename="../../rrdesk/gui/interviewer.py" line="51"/>
        <source>Interviewer</source>
        <translation>Entrevistador</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="50"/>
        <source>Your interviewer id</source>
        <translation>O seu identificador de entrevistador</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/interviewer.py" line="71"/>
        <source>Choose…</source>
        <translation>Escolher…</translation>
    </message>
</context>
<context>
    <name>InterviewersModel</name>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Interviewer</source>
        <translation>Entrevistador</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Laptops</source>
        <translation>Portáteis</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Days</source>
        <translation>Dias</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Begun</source>
        <translation>Iniciadas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="65"/>
        <source>Completed</source>
        <translation>Concluídas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="66"/>
        <source>Stopped</source>
        <translation>Interrompidas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="66"/>
        <source>Refused</source>
        <translation>Recusadas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="66"/>
        <source>Flags</source>
        <translation>Sinais</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/_fieldwork.py" line="66"/>
        <source>Per day</source>
        <translation>Por dia</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="192"/>
        <source>DEMO — readable with the public demo key. Never use it for real answers.</source>
        <translation>DEMO — pode ser lido com a chave pública de demonstração. Nunca use para respostas reais.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="199"/>
        <source>&amp;File</source>
        <translation>&amp;Arquivo</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="200"/>
        <source>&amp;Open survey…</source>
        <translation>&amp;Abrir pesquisa…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="203"/>
        <source>&amp;Export to…</source>
        <translation>&amp;Exportar para…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="205"/>
        <source>Write &amp;enrollment file…</source>
        <translation>Escrever o ficheiro de &amp;inscrição…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="207"/>
        <source>&amp;Results (coordinator)…</source>
        <translation>&amp;Resultados (coordenador)…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="209"/>
        <source>&amp;Quit</source>
        <translation>&amp;Sair</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="246"/>
        <source>Open survey</source>
        <translation>Abrir pesquisa</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="247"/>
        <source>Survey files (*.toml);;All files (*)</source>
        <translation>Arquivos de pesquisa (*.toml);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="257"/>
        <source>This survey file cannot be used</source>
        <translation>Este arquivo de pesquisa não pode ser usado</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="277"/>
        <source>{problem}; forgotten (settings file {file})</source>
        <translation>{problem}; esquecido (ficheiro de definições {file})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="279"/>
        <source>The survey file cannot be used; the demo survey is open instead</source>
        <translation>O arquivo de pesquisa não pode ser usado; a pesquisa de demonstração foi aberta</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="299"/>
        <source>Opening the data folder…</source>
        <translation>Abrindo a pasta de dados…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="313"/>
        <source>Confirm the coordinator&apos;s key to record interviews.</source>
        <translation>Confirme a chave do coordenador para gravar entrevistas.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="333"/>
        <source>The coordinator&apos;s key was not confirmed: interviews cannot be recorded with this survey. Open it again once you have the key id.</source>
        <translation>A chave do coordenador não foi confirmada: não é possível gravar entrevistas com este questionário. Abra-o de novo quando tiver o identificador da chave.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="362"/>
        <source>The data folder cannot be used: {error}</source>
        <translation>A pasta de dados não pode ser usada: {error}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="369"/>
        <source>The data folder held a damaged file; it is kept for checking (rrdesk verify) and interviews go on.</source>
        <translation>A pasta de dados tinha um arquivo danificado; ele é guardado para verificação (rrdesk verify) e as entrevistas continuam.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="152"/>
        <source>Close interview {number}?</source>
        <translation>Encerrar a entrevista {number}?</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="157"/>
        <source>The questions it did not reach are marked as not asked. This cannot be undone.</source>
        <translation>As perguntas que ela não alcançou ficam marcadas como não feitas. Isto não pode ser desfeito.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="153"/>
        <source>Close it</source>
        <translation>Encerrá-la</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="160"/>
        <source>Keep it</source>
        <translation>Mantê-la</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="199"/>
        <source>Interview {number} was closed; the questions it did not reach are marked as not asked.</source>
        <translation>A entrevista {number} foi encerrada; as perguntas que ela não alcançou ficam marcadas como não feitas.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="178"/>
        <source>Leave the interview?</source>
        <translation>Sair da entrevista?</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="127"/>
        <source>Close interview {number} and start a new one?</source>
        <translation>Encerrar a entrevista {number} e começar uma nova?</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="129"/>
        <source>Close it and start</source>
        <translation>Encerrá-la e começar</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="179"/>
        <source>The interview stays interrupted: its saved answers are kept, and the dashboard offers to continue it next time.</source>
        <translation>A entrevista fica interrompida: as respostas guardadas são mantidas, e o painel oferece continuá-la da próxima vez.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="181"/>
        <source>Leave</source>
        <translation>Sair</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window_interviews.py" line="181"/>
        <source>Stay</source>
        <translation>Ficar</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="218"/>
        <source>&amp;Help</source>
        <translation>Aj&amp;uda</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/window.py" line="219"/>
        <source>Survey file &amp;format…</source>
        <translation>&amp;Formato do arquivo de pesquisa…</translation>
    </message>
</context>
<context>
    <name>NumberField</name>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="113"/>
        <source>Erase</source>
        <extracomment>The erase key&apos;s sign, and the minus sign a negative range gets (typed &quot;-&quot; is the same). The hint&apos;s and the error&apos;s font sizes in resources/style.qss (QLabel[role=&quot;hint&quot;], [role=&quot;error&quot;]). A question&apos;s margins (left, top, right, bottom): room at its start for the bar that marks it while it is new (style.qss: QFrame[revealed=&quot;true&quot;], a border 8 px wide).</extracomment>
        <translation>Apagar</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="122"/>
        <source>a number from {low} to {high}, {decimals} digits after the point at most</source>
        <translation>um número de {low} a {high}, com {decimals} casas decimais no máximo</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="124"/>
        <source>a whole number from {low} to {high}</source>
        <translation>um número inteiro de {low} a {high}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/direct.py" line="134"/>
        <source>Not accepted: enter {what}.</source>
        <translation>Não aceite: escreva {what}.</translation>
    </message>
</context>
<context>
    <name>ResultsWindow</name>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="114"/>
        <source>rrdesk — Results</source>
        <translation>rrdesk — Resultados</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="115"/>
        <source>Results</source>
        <translation>Resultados</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="116"/>
        <source>Results: {title}</source>
        <translation>Resultados: {title}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="117"/>
        <source>&amp;Open bundles…</source>
        <translation>&amp;Abrir pacotes…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="118"/>
        <source>&amp;Identity file…</source>
        <translation>Arquivo de &amp;identidade…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="119"/>
        <source>&amp;Survey:</source>
        <translation>&amp;Pesquisa:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="120"/>
        <source>Split &amp;by:</source>
        <translation>Dividir &amp;por:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="121"/>
        <source>&amp;Compute</source>
        <translation>&amp;Calcular</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="122"/>
        <source>Save &amp;report…</source>
        <translation>Guardar o &amp;relatório…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="123"/>
        <source>Enroll this laptop…</source>
        <translation>Inscrever este portátil…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="124"/>
        <source>Use anyway (unverified)</source>
        <translation>Usar mesmo assim (não verificado)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="125"/>
        <source>Count the synthetic interviews</source>
        <translation>Contar as entrevistas sintéticas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="126"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="127"/>
        <source>Interviews made by rrdesk simulate, for practice: they are left out of the estimates unless you count them.</source>
        <translation>Entrevistas criadas pelo rrdesk simulate, para praticar: ficam fora das estimativas, a menos que as conte.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="129"/>
        <source>Working</source>
        <translation>Trabalhando</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="130"/>
        <source>Estimates</source>
        <translation>Estimativas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="131"/>
        <source>Problems</source>
        <translation>Problemas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="133"/>
        <source>No bundle chosen yet: the .tar.age files exported from the laptops.</source>
        <translation>Nenhum pacote escolhido ainda: os arquivos .tar.age exportados dos computadores.</translation>
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
        <translation>Nenhum arquivo de identidade escolhido ainda: o arquivo com a sua chave secreta (AGE-SECRET-KEY-1…).</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="139"/>
        <source>{name} — read only while computing; rrdesk never saves it or its place.</source>
        <translation>{name} — lido só durante o cálculo; o rrdesk nunca o guarda nem guarda o seu local.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="141"/>
        <source>estimate</source>
        <translation>estimativa</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="141"/>
        <source>95 % confidence interval</source>
        <translation>intervalo de confiança de 95 %</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="142"/>
        <source>recorded share (before correction)</source>
        <translation>proporção registrada (antes da correção)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="145"/>
        <source>Each line names the bundle, the laptop&apos;s log and the record, and what is wrong. The records named here were left out; the rest was used.</source>
        <translation>Cada linha indica o pacote, o registro do computador e a entrada, e o que está errado. As entradas indicadas aqui foram deixadas de fora; o resto foi usado.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="147"/>
        <source>&amp;Estimates</source>
        <translation>&amp;Estimativas</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="148"/>
        <source>&amp;Problems ({count})</source>
        <translation>&amp;Problemas ({count})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="152"/>
        <source>&amp;Fieldwork</source>
        <translation>&amp;Trabalho de campo</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="153"/>
        <source>&amp;Fieldwork (%n flag(s))</source>
        <translation>
            <numerusform>&amp;Trabalho de campo (%n sinal)</numerusform>
            <numerusform>&amp;Trabalho de campo (%n sinais)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="156"/>
        <location filename="../../rrdesk/gui/results/__init__.py" line="243"/>
        <source>no split</source>
        <translation>sem divisão</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="167"/>
        <source>Open export bundles</source>
        <translation>Abrir pacotes exportados</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="168"/>
        <source>Export bundles (*.tar.age);;All files (*)</source>
        <translation>Pacotes exportados (*.tar.age);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="175"/>
        <source>Choose the identity file</source>
        <translation>Escolher o arquivo de identidade</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="176"/>
        <source>Identity files (*.txt *.key);;All files (*)</source>
        <translation>Arquivos de identidade (*.txt *.key);;Todos os arquivos (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="204"/>
        <source>Opening the bundles…</source>
        <translation>Abrindo os pacotes…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="211"/>
        <source>No bundle could be opened with this identity file. Compute lists what is wrong.</source>
        <translation>Nenhum pacote pôde ser aberto com este arquivo de identidade. Calcular lista o que está errado.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="215"/>
        <source>The bundles hold the survey “{title}”. Press Compute.</source>
        <translation>Os pacotes contêm a pesquisa “{title}”. Clique em Calcular.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="217"/>
        <source>The bundles hold {count} surveys: choose one, then press Compute.</source>
        <translation>Os pacotes contêm {count} pesquisas: escolha uma e clique em Calcular.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="255"/>
        <source>Press Compute to see the results of this survey.</source>
        <translation>Clique em Calcular para ver os resultados desta pesquisa.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="263"/>
        <source>Splitting the results…</source>
        <translation>Dividindo os resultados…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="275"/>
        <source>Decrypting and checking every record of {bundles}…</source>
        <translation>Decifrando e verificando cada entrada de {bundles}…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="303"/>
        <source>Stopping…</source>
        <translation>A parar…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="312"/>
        <source>Decrypting and checking: {done} of {planned} records</source>
        <translation>A decifrar e verificar: {done} de {planned} registos</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="316"/>
        <source>about %n second(s) left</source>
        <translation>
            <numerusform>falta cerca de %n segundo</numerusform>
            <numerusform>faltam cerca de %n segundos</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="322"/>
        <source>Nothing to show: no bundle could be used. The Problems tab says why.</source>
        <translation>Nada a mostrar: nenhum pacote pôde ser usado. A aba Problemas diz por quê.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="325"/>
        <source>Nothing was used: these bundles hold synthetic interviews (made by rrdesk simulate, for practice), which are left out. The Problems tab can count them.</source>
        <translation>Nada foi usado: estes pacotes contêm entrevistas sintéticas (criadas pelo rrdesk simulate, para praticar), que ficam de fora. O separador Problemas permite contá-las.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="329"/>
        <source>Nothing was used: every record was left out (0 interviews). The Problems tab says why; a laptop that is not enrolled can be enrolled there, or used anyway.</source>
        <translation>Nada foi usado: todos os registos ficaram de fora (0 entrevistas). O separador Problemas diz porquê; um portátil não inscrito pode ser inscrito aí, ou usado mesmo assim.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="333"/>
        <source>Computed from {bundles}, with the records of laptops not proven used anyway (unverified): nothing shows that your laptops made them.</source>
        <translation>Calculado a partir de {bundles}, usando mesmo assim os registos de portáteis não comprovados (não verificado): nada mostra que os seus portáteis os fizeram.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="339"/>
        <source>Computed from {bundles}.</source>
        <translation>Calculado a partir de {bundles}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="340"/>
        <source>Records found in several bundles were counted once.</source>
        <translation>As entradas encontradas em vários pacotes foram contadas uma vez.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="341"/>
        <source>The records named under Problems were left out; everything else was used.</source>
        <translation>As entradas indicadas em Problemas foram deixadas de fora; todo o resto foi usado.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="348"/>
        <source>Cancelled: nothing was computed or saved.</source>
        <translation>Cancelado: nada foi calculado nem guardado.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="362"/>
        <source>{bundle}: left out, it holds another survey ({id}); choose that survey to see its results.</source>
        <translation>{bundle}: deixado de fora, contém outra pesquisa ({id}); escolha essa pesquisa para ver os seus resultados.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="368"/>
        <source>Choose the bundles and your identity file, then press Compute. The numbers are those of “rrdesk aggregate”.</source>
        <translation>Escolha os pacotes e o seu arquivo de identidade e clique em Calcular. Os números são os de “rrdesk aggregate”.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="372"/>
        <source>%n laptop(s)</source>
        <translation>
            <numerusform>%n computador</numerusform>
            <numerusform>%n computadores</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="373"/>
        <source>{interviews} interviews · {records} records · {laptops} · ε per respondent {epsilon} (cap {cap})</source>
        <translation>{interviews} entrevistas · {records} entradas · {laptops} · ε por respondente {epsilon} (limite {cap})</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="380"/>
        <source>✓ Every bundle verified</source>
        <translation>✓ Todos os pacotes verificados</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="381"/>
        <source>⚠ %n problem(s): see Problems</source>
        <translation>
            <numerusform>⚠ %n problema: veja Problemas</numerusform>
            <numerusform>⚠ %n problemas: veja Problemas</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="382"/>
        <source>Each record&apos;s chain, tag and content checked out; records found in several bundles were counted once.</source>
        <translation>A cadeia, a etiqueta e o conteúdo de cada entrada conferem; as entradas encontradas em vários pacotes foram contadas uma vez.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="384"/>
        <source>The damaged or doubtful records were left out and everything else was used.</source>
        <translation>As entradas danificadas ou duvidosas foram deixadas de fora e todo o resto foi usado.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="403"/>
        <source>laptop {laptop}…, log {log}…</source>
        <translation>computador {laptop}…, registro {log}…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="406"/>
        <source>record {number}</source>
        <translation>entrada {number}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="407"/>
        <source>{where}: {what}</source>
        <translation>{where}: {what}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="417"/>
        <source>The laptop&apos;s enrollment file</source>
        <translation>O ficheiro de inscrição do portátil</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="418"/>
        <source>Enrollment files (rrdesk-laptop-*.pub);;All files (*)</source>
        <translation>Ficheiros de inscrição (rrdesk-laptop-*.pub);;Todos os ficheiros (*)</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="422"/>
        <location filename="../../rrdesk/gui/results/__init__.py" line="427"/>
        <source>Enroll this laptop</source>
        <translation>Inscrever este portátil</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="422"/>
        <source>The key id the laptop shows (File ▸ Write enrollment file… on the laptop), as XXXX-XXXX-XXXX-XXXX:</source>
        <translation>O identificador de chave que o portátil mostra (Ficheiro ▸ Escrever o ficheiro de inscrição… no portátil), como XXXX-XXXX-XXXX-XXXX:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="428"/>
        <source>A name for the laptop (optional), e.g. Laptop 3, Amina:</source>
        <translation>Um nome para o portátil (opcional), p. ex. Portátil 3, Amina:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="448"/>
        <source>Laptop {laptop} (key id {code}) enrolled in {list}.</source>
        <translation>Portátil {laptop} (chave {code}) inscrito em {list}.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="473"/>
        <source>forced response</source>
        <translation>resposta forçada</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="473"/>
        <source>Warner&apos;s mirrored question</source>
        <translation>pergunta espelhada de Warner</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="474"/>
        <source>unrelated question</source>
        <translation>pergunta não relacionada</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="474"/>
        <source>k-ary randomized response</source>
        <translation>resposta aleatorizada k-ária</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="475"/>
        <source>unrelated question, unknown prevalence</source>
        <translation>pergunta não relacionada, prevalência desconhecida</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="475"/>
        <source>asked directly</source>
        <translation>perguntada diretamente</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="476"/>
        <source>{design}, ε = {epsilon}</source>
        <translation>{design}, ε = {epsilon}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="477"/>
        <source>{id} ({design}): {text}</source>
        <translation>{id} ({design}): {text}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="478"/>
        <source>Method: {method}</source>
        <translation>Método: {method}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="480"/>
        <source>{declined} declined, {abandoned} not reached, {after_spin} stopped after the spin</source>
        <translation>{declined} recusadas, {abandoned} não alcançadas, {after_spin} paradas depois do giro</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="494"/>
        <source>Save the report in…</source>
        <translation>Guardar o relatório em…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="503"/>
        <source>Writing the report…</source>
        <translation>Escrevendo o relatório…</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="507"/>
        <source>Report saved in {folder}: {files}</source>
        <translation>Relatório guardado em {folder}: {files}</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="510"/>
        <source>The Stata and SPSS files (answers.dta, answers.sav) were not written: they need rrdesk&apos;s datafiles extra (pip install &apos;rrdesk[datafiles]&apos;); the CSV files hold the same data.</source>
        <translation>Os arquivos do Stata e do SPSS (answers.dta, answers.sav) não foram gravados: precisam do complemento datafiles do rrdesk (pip install &apos;rrdesk[datafiles]&apos;); os arquivos CSV contêm os mesmos dados.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/results/__init__.py" line="517"/>
        <source>The report could not be saved: {error}</source>
        <translation>Não foi possível guardar o relatório: {error}</translation>
    </message>
    <message numerus="yes">
        <location filename="../../rrdesk/gui/results/__init__.py" line="529"/>
        <source>%n bundle(s)</source>
        <translation>
            <numerusform>%n pacote</numerusform>
            <numerusform>%n pacotes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TrustFlow</name>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="72"/>
        <source>Confirm the coordinator&apos;s key</source>
        <translation>Confirmar a chave do coordenador</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="73"/>
        <source>This survey is signed by the key:</source>
        <translation>Este questionário está assinado pela chave:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="74"/>
        <source>Is this exactly the key id your coordinator gave you? If it is, this laptop will trust this key from now on: surveys signed by any other key are refused. If it is not, or you do not know, choose Not now and call the coordinator.</source>
        <translation>É exatamente o identificador de chave que o seu coordenador lhe deu? Se for, este portátil passa a confiar nesta chave: questionários assinados por qualquer outra chave serão recusados. Se não for, ou se não souber, escolha Agora não e ligue ao coordenador.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="77"/>
        <source>Yes, trust this key</source>
        <translation>Sim, confiar nesta chave</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="77"/>
        <source>Not now</source>
        <translation>Agora não</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="88"/>
        <source>Replace the coordinator&apos;s key?</source>
        <translation>Substituir a chave do coordenador?</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="89"/>
        <source>This laptop trusts the coordinator&apos;s key {old}. This survey is signed by the key:</source>
        <translation>Este portátil confia na chave do coordenador {old}. Este questionário está assinado pela chave:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="91"/>
        <source>Replace the key only if the coordinator told you their key changed and gave you exactly this key id. From then on surveys signed by {old} are refused. The next export tells the coordinator that the key was replaced.</source>
        <translation>Substitua a chave só se o coordenador lhe disse que a chave mudou e lhe deu exatamente este identificador. A partir daí, questionários assinados por {old} serão recusados. A próxima exportação indica ao coordenador que a chave foi substituída.</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="94"/>
        <source>Replace the key</source>
        <translation>Substituir a chave</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="94"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="106"/>
        <source>The key was not changed</source>
        <translation>A chave não foi alterada</translation>
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
        <translation>Escrever o ficheiro de inscrição em</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="128"/>
        <source>The enrollment file was not written</source>
        <translation>O ficheiro de inscrição não foi escrito</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="131"/>
        <source>Enrollment file written</source>
        <translation>Ficheiro de inscrição escrito</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="132"/>
        <source>This laptop&apos;s key id:</source>
        <translation>Identificador de chave deste portátil:</translation>
    </message>
    <message>
        <location filename="../../rrdesk/gui/trusting.py" line="133"/>
        <source>Written: {file}. Give the file to the coordinator and read this key id to them (or let them read it on this screen): they type it when they enroll the laptop, and a file swapped on the way is refused.</source>
        <translation>Escrito: {file}. Dê o ficheiro ao coordenador e leia-lhe este identificador de chave (ou deixe-o lê-lo neste ecrã): ele escreve-o ao inscrever o portátil, e um ficheiro trocado pelo caminho é recusado.</translation>
    </message>
</context>
</TS>
