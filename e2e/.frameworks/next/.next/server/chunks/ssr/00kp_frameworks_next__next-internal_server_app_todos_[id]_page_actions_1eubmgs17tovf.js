module.exports=[45200,(a,b,c)=>{}];

//# sourceMappingURL=00kp_frameworks_next__next-internal_server_app_todos_%5Bid%5D_page_actions_1eubmgs17tovf.js.map